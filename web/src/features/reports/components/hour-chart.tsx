/** 9 → "9 am", 13 → "1 pm": how the shop talks about its hours. */
export function hourLabel(hour: number): string {
  const h = hour % 12 === 0 ? 12 : hour % 12;
  return `${h} ${hour < 12 ? 'am' : 'pm'}`;
}

/**
 * Paid orders by hour of the day as bars, from 7 am to 10 pm plus any other hour that had orders. Screen readers get
 * the same figures as a list (the bars are decoration for them).
 */
export function HourChart({ byHour }: { byHour: number[] }) {
  const hours = byHour.map((n, h) => ({ h, n })).filter(({ h, n }) => n > 0 || (h >= 7 && h <= 22));
  const max = Math.max(1, ...byHour);
  const busiest = byHour.indexOf(Math.max(...byHour));
  return (
    <figure>
      <div className="flex h-40 items-end gap-0.5 sm:gap-1" aria-hidden>
        {hours.map(({ h, n }) => (
          <div
            key={h}
            className="flex h-full min-w-0 flex-1 flex-col items-center justify-end gap-1"
            title={`${hourLabel(h)}: ${n} ${n === 1 ? 'order' : 'orders'}`}
          >
            {n > 0 && <span className="text-[10px] leading-none text-slate-600 dark:text-slate-300">{n}</span>}
            <div
              data-testid="hour-bar"
              className={
                h === busiest && n > 0
                  ? 'w-full rounded-t bg-brand-600'
                  : 'w-full rounded-t bg-brand-300 dark:bg-brand-700'
              }
              style={{ height: `${(n / max) * 100}%`, minHeight: n > 0 ? 4 : 1 }}
            />
          </div>
        ))}
      </div>
      <div className="mt-1 flex gap-0.5 sm:gap-1" aria-hidden>
        {hours.map(({ h }) => (
          <span
            key={h}
            className="min-w-0 flex-1 text-center text-[10px] leading-tight text-slate-500 dark:text-slate-400"
          >
            {h % 3 === 0 ? hourLabel(h) : ''}
          </span>
        ))}
      </div>
      <figcaption className="mt-2 text-sm text-slate-600 dark:text-slate-400">
        {byHour[busiest]! > 0
          ? `Busiest hour: ${hourLabel(busiest)} to ${hourLabel((busiest + 1) % 24)} (${byHour[busiest]} orders)`
          : 'No orders paid this day.'}
      </figcaption>
      <ul className="sr-only">
        {byHour.map((n, h) =>
          n > 0 ? <li key={h}>{`${hourLabel(h)}: ${n} ${n === 1 ? 'order' : 'orders'}`}</li> : null,
        )}
      </ul>
    </figure>
  );
}
