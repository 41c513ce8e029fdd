import { X } from 'lucide-react';
import { useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { cn } from '@/lib/cn';
import { useCommonText } from '@/lib/i18n/common';
import { dismissToast, TOAST_DURATION, useToasts, type ToastItem } from '@/lib/toast';

/**
 * Toasts: one visible at a time, 5000 ms, swipe right past 50 px to dismiss, F8 jumps to them,
 * the region at most 420 px wide. Hand-written (about 1 KB) to keep the customer's first page light.
 */
const SWIPE_THRESHOLD = 50;

function Toast({ t }: { t: ToastItem }) {
  const text = useCommonText();
  const [dx, setDx] = useState(0);
  const start = useRef<number | null>(null);
  const paused = useRef(false);

  useEffect(() => {
    if (!t.open) return;
    let remaining = t.duration ?? TOAST_DURATION;
    let last = Date.now();
    const timer = setInterval(() => {
      const now = Date.now();
      if (!paused.current) remaining -= now - last;
      last = now;
      if (remaining <= 0) dismissToast(t.id);
    }, 100);
    return () => clearInterval(timer);
  }, [t.id, t.open, t.duration]);

  const onPointerDown = (e: ReactPointerEvent) => {
    start.current = e.clientX;
    (e.target as Element).setPointerCapture?.(e.pointerId);
  };
  const onPointerMove = (e: ReactPointerEvent) => {
    if (start.current !== null) setDx(Math.max(0, e.clientX - start.current));
  };
  const onPointerUp = () => {
    if (dx > SWIPE_THRESHOLD) dismissToast(t.id);
    else setDx(0);
    start.current = null;
  };

  return (
    <li
      role={t.variant === 'destructive' ? 'alert' : 'status'}
      aria-atomic="true"
      tabIndex={0}
      data-testid="toast"
      data-variant={t.variant ?? 'default'}
      onMouseEnter={() => (paused.current = true)}
      onMouseLeave={() => (paused.current = false)}
      onFocus={() => (paused.current = true)}
      onBlur={() => (paused.current = false)}
      onKeyDown={(e) => e.key === 'Escape' && dismissToast(t.id)}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      style={{ transform: dx ? `translateX(${dx}px)` : undefined, opacity: t.open ? 1 : 0 }}
      className={cn(
        'pointer-events-auto relative flex w-full touch-pan-y select-none items-start gap-3 rounded-lg border px-3 py-2 pr-10 shadow-lg transition-opacity sm:p-4 sm:pr-10',
        t.variant === 'destructive'
          ? 'border-red-300 bg-red-600 text-white'
          : 'border-slate-200 bg-white text-slate-900 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-100',
      )}
    >
      <div className="grid gap-1">
        <p className="text-sm font-semibold">{t.title}</p>
        {t.description && <p className="text-sm opacity-90">{t.description}</p>}
      </div>
      <button
        type="button"
        aria-label={text('close')}
        onClick={() => dismissToast(t.id)}
        className="absolute right-1 top-1 flex h-8 w-8 items-center justify-center rounded opacity-70 hover:opacity-100"
      >
        <X className="h-4 w-4" />
      </button>
    </li>
  );
}

export function Toaster() {
  const text = useCommonText();
  const toasts = useToasts();
  const region = useRef<HTMLOListElement>(null);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'F8') {
        e.preventDefault();
        (region.current?.querySelector('li') as HTMLElement | null)?.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  return (
    <section aria-label={`${text('notifications')} (F8)`} tabIndex={-1}>
      {/*
        On a phone at the top, over the header: at the bottom it covered the next action for 5 s (the next card's
        buttons, the wizard's Continue above the price bar; decision 039). From 640 px at the bottom right, where
        --toast-offset lifts it above a bar fixed at the bottom of the page (the order wizard's price and Pay).
      */}
      <ol
        ref={region}
        className="pointer-events-none fixed left-0 right-0 top-0 z-[100] flex max-h-screen w-full flex-col gap-2 p-2 pt-[max(0.5rem,env(safe-area-inset-top))] sm:left-auto sm:top-auto sm:bottom-[var(--toast-offset,0px)] sm:max-w-[420px] sm:p-4"
      >
        {toasts.map((t) => (
          <Toast key={t.id} t={t} />
        ))}
      </ol>
    </section>
  );
}
