import { lazy, Suspense, useEffect, useRef } from 'react';
import { useCommonText } from '@/lib/i18n/common';
import { useToasts } from '@/lib/toast';

/**
 * Toasts: one visible at a time, 5000 ms, swipe right past 50 px to dismiss, F8 jumps to them, the region at most
 * 420 px wide. Hand-written to keep the customer's first page light: the region is there from the first paint, the
 * toast itself (toast-card.tsx) loads with the first one.
 */
const ToastCard = lazy(() => import('./toast-card'));

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
        <Suspense fallback={null}>
          {toasts.map((t) => (
            <ToastCard key={t.id} t={t} />
          ))}
        </Suspense>
      </ol>
    </section>
  );
}
