/** First letters of the name's words, upper-cased, at most 2. */
export function initials(name: string | null | undefined): string {
  return (name ?? '')
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase())
    .slice(0, 2)
    .join('');
}

/** Initials of the name (at most 2) in a round badge. */
export function Avatar({ name, className = 'h-9 w-9 text-sm' }: { name: string; className?: string }) {
  return (
    <span
      aria-hidden
      className={`flex shrink-0 items-center justify-center rounded-full bg-brand-700 font-semibold text-white ${className}`}
    >
      {initials(name) || '?'}
    </span>
  );
}
