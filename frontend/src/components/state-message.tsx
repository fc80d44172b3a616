import type { ReactNode } from 'react';

/** Error and empty states: a heading and a sentence (spec §8 texts are passed in). */
export function StateMessage({ title, text, tone = 'info', children }: { title: string; text?: string; tone?: 'info' | 'error'; children?: ReactNode }) {
  return (
    <div className={`state-message ${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      <h2>{title}</h2>
      {text && <p>{text}</p>}
      {children}
    </div>
  );
}

export function SkeletonCards({ count, label = 'Loading...' }: { count: number; label?: string }) {
  return (
    <div className="card-grid" aria-busy="true" aria-label={label}>
      {Array.from({ length: count }, (_, index) => (
        <div key={index} className="card skeleton-card" aria-hidden="true">
          <div className="skeleton skeleton-image" />
          <div className="skeleton skeleton-line" />
          <div className="skeleton skeleton-line short" />
        </div>
      ))}
    </div>
  );
}
