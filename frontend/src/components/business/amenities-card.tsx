import { useState } from 'react';
import { visibleItems, type AmenityGroups } from '../../lib/amenities.ts';

/** Features & Amenities: three groups and four items a group until the visitor asks for the rest. */
export function AmenitiesCard({ groups }: { groups: AmenityGroups }) {
  const [showAll, setShowAll] = useState(false);
  const [expanded, setExpanded] = useState<Record<string, boolean>>({});
  const entries = Object.entries(groups).filter(([, items]) => items && typeof items === 'object' && visibleItems(items).length > 0);
  const shown = showAll ? entries : entries.slice(0, 3);
  return (
    <section className="card" aria-labelledby="amenities-heading">
      <div className="section-head">
        <h2 id="amenities-heading">Features &amp; Amenities</h2>
        {entries.length > 3 && (
          <button type="button" className="btn btn-link" onClick={() => setShowAll((value) => !value)} aria-expanded={showAll}>
            {showAll ? 'Show Less' : 'View All'}
          </button>
        )}
      </div>
      <div className="amenity-groups">
        {shown.map(([name, items]) => {
          const visible = visibleItems(items);
          const isOpen = expanded[name] ?? false;
          const list = isOpen ? visible : visible.slice(0, 4);
          return (
            <div key={name} className="amenity-group" data-testid="amenity-group">
              <h3>{name}</h3>
              <ul>
                {list.map(([feature, value]) => (
                  <li key={feature}>
                    <span aria-hidden="true">✓</span> {feature}
                    {typeof value !== 'boolean' && <span className="muted">: {String(value)}</span>}
                  </li>
                ))}
              </ul>
              {visible.length > 4 && (
                <button type="button" className="btn btn-link" aria-expanded={isOpen} onClick={() => setExpanded((state) => ({ ...state, [name]: !isOpen }))}>
                  {isOpen ? 'Show less' : `+${visible.length - 4} more`}
                </button>
              )}
            </div>
          );
        })}
      </div>
    </section>
  );
}
