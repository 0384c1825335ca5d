/** The centre's mark: a sun over a small figure. Drawn inline, so no image request. */
export function BrandMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" aria-hidden="true" className={className}>
      <rect width="64" height="64" rx="14" fill="#0f766e" />
      <circle cx="32" cy="26" r="11" fill="#fde68a" />
      <path d="M14 52c3-10 10-15 18-15s15 5 18 15" fill="#fde68a" />
    </svg>
  );
}
