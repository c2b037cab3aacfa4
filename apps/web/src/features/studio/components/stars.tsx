import './stars.css';
/** Read-only 1–5 stars; the accessible name says the number. */
export function Stars({ value, label }: { value: number; label: string }) {
  const full = Math.round(value);
  return (
    <span className="stars" role="img" aria-label={label}>
      {[1, 2, 3, 4, 5].map((i) => (
        <span key={i} aria-hidden="true" className={i <= full ? 'stars__on' : 'stars__off'}>
          ★
        </span>
      ))}
    </span>
  );
}
