/** A round profile picture, or the name's first letter on a tinted disc. */
export function Avatar({ name, src, size = 32 }: { name: string; src?: string | null; size?: number }) {
  const initial = ([...name.trim()][0] ?? '?').toUpperCase();
  return src ? (
    <img className="avatar" src={src} alt="" width={size} height={size} loading="lazy" style={{ width: size, height: size }} />
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
