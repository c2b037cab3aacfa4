import { StarIcon } from './icons';

/** A read-only rating: five stars, the label says the number. */
export function Stars({ value, label, size = 16 }: { value: number; label: string; size?: number }) {
  const full = Math.round(value);
  return (
    <span className="st-stars" role="img" aria-label={label}>
      {[1, 2, 3, 4, 5].map((i) => (
        <StarIcon key={i} filled={i <= full} size={size} />
      ))}
    </span>
  );
}
