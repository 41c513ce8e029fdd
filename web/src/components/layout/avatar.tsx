import { ChevronDown } from 'lucide-react';

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

/** The account chip's box: the menu's button, and its placeholder while the menu's code loads. */
export const USER_CHIP_CLASS = 'flex items-center gap-2 rounded-full py-1 pl-1 pr-2';

/**
 * What the account chip shows: the initials, the name and a detail (role or e-mail) from lg up, and the menu's
 * chevron. The header shows the same while the menu's code loads, so nothing beside it moves when it arrives (a tap
 * on the links next to it landed where a link had been).
 */
export function UserChipFace({ name, detail }: { name: string; detail: string }) {
  return (
    <>
      <Avatar name={name} />
      <span className="hidden text-left leading-tight lg:block">
        <span className="block max-w-40 truncate text-sm font-medium">{name}</span>
        <span className="block max-w-48 truncate text-xs text-slate-500 dark:text-slate-400">{detail}</span>
      </span>
      <ChevronDown className="h-4 w-4 text-slate-500 dark:text-slate-400" aria-hidden />
    </>
  );
}
