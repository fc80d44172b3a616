/**
 * The text filter of the category, country and city indexes: a GET form of `filter`, so that without
 * scripts Enter reloads the page filtered (useIndexPaging reads `?filter=`); with them it filters as
 * the visitor types. `display: contents` keeps the toolbar's layout as it was.
 */
export function FilterBox({ label, placeholder, value, onChange }: { label: string; placeholder: string; value: string; onChange: (text: string) => void }) {
  return (
    <form role="search" method="get" style={{ display: 'contents' }} onSubmit={(event) => event.preventDefault()} aria-label={label}>
      <label className="filter">
        <span className="sr-only">{label}</span>
        <input type="search" name="filter" placeholder={placeholder} value={value} maxLength={100} onChange={(event) => onChange(event.target.value)} />
      </label>
    </form>
  );
}
