import { initials } from '@/lib/format';

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
