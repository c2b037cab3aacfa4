/** A profile picture, or the name's first letter on a tinted disc. */
export function Avatar({ name, src, size = 32 }: { name: string; src?: string | null; size?: number }) {
  if (src) return <img className="st-avatar" src={src} alt="" width={size} height={size} loading="lazy" />;
  return (
    <span
      className="st-avatar st-avatar--initial"
      data-user-content=""
      style={{ width: size, height: size, fontSize: size * 0.42 }}
      aria-hidden="true"
      data-initial={[...name.trim()][0] ?? '?'}
    />
  );
}
