import { cn } from '@/lib/cn';

/**
 * A choice of two or three short options side by side (sides, orientation): one tap instead of opening a list.
 * Radios under the hood (each spread over its segment, unseen), so a screen reader and the keyboard (arrows) treat
 * it as the one choice it is.
 */
export function Segmented<T extends string>({
  name,
  legend,
  value,
  options,
  onChange,
  className,
}: {
  name: string;
  legend: string;
  value: T;
  options: ReadonlyArray<{ value: T; label: string }>;
  onChange: (value: T) => void;
  className?: string;
}) {
  return (
    <fieldset className={className}>
      <legend className="mb-1 block text-sm font-medium text-slate-700 dark:text-slate-300">{legend}</legend>
      <div className="grid auto-cols-fr grid-flow-col rounded-md border border-slate-300 bg-slate-100 p-1 dark:border-slate-700 dark:bg-slate-800">
        {options.map((o) => (
          <label
            key={o.value}
            className={cn(
              'relative flex min-h-9 cursor-pointer items-center justify-center rounded px-2 text-center text-sm font-medium has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600',
              value === o.value
                ? 'bg-white text-slate-900 shadow dark:bg-slate-900 dark:text-slate-100'
                : 'text-slate-600 dark:text-slate-300',
            )}
          >
            <input
              type="radio"
              className="absolute inset-0 h-full w-full cursor-pointer opacity-0"
              name={name}
              value={o.value}
              checked={value === o.value}
              onChange={() => onChange(o.value)}
            />
            {value === o.value && (
              <span aria-hidden className="mr-1">
                ✓
              </span>
            )}
            {o.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
