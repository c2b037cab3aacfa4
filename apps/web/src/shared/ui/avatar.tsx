/**
 * A round profile picture, or the name's first letter on a tinted disc. Pictures load lazily,
 * except those a page shows first (`eager`: a team page's first cards, whose photos are its
 * largest elements; a lazy image in view still waits for layout before it is fetched).
 */
export function Avatar({ name, src, size = 32, eager = false }: { name: string; src?: string | null; size?: number; eager?: boolean }) {
  const initial = ([...name.trim()][0] ?? '?').toUpperCase();
  return src ? (
    <img
      className="avatar"
      src={src}
      alt=""
      width={size}
      height={size}
      loading={eager ? 'eager' : 'lazy'}
      style={{ width: size, height: size }}
    />
  ) : (
    <span
      className="avatar avatar--initial"
      aria-hidden="true"
      data-user-content=""
      data-initial={initial}
      style={{ width: size, height: size, fontSize: size * 0.42 }}
    />
  );
}
