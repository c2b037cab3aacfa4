/** The moim mark: two overlapping circles (people meeting) in the brand gradient. */
export function LogoMark({ size = 28 }: { size?: number }) {
  return (
    <svg className="logo-mark" width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="moim-g" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#6366f1" />
          <stop offset="0.6" stopColor="#8b5cf6" />
          <stop offset="1" stopColor="#f97316" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="9" fill="url(#moim-g)" />
      <circle cx="12.5" cy="16" r="6.2" fill="none" stroke="#fff" strokeWidth="2.6" />
      <circle cx="19.5" cy="16" r="6.2" fill="none" stroke="#fff" strokeWidth="2.6" opacity="0.85" />
    </svg>
  );
}
