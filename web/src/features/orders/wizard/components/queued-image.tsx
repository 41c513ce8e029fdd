import { useEffect, useRef, useState } from 'react';
import { cn } from '@/lib/cn';

/**
 * Page pictures drawn by the shop (first pages, thumbnails, a page opened larger) are asked for at most two at a
 * time: the shop draws one customer's pages in turn and refuses a customer's fifth waiting job (decision 010), so a
 * grid of forty thumbnails fired at once came back as broken pictures. Each picture waits until it scrolls near the
 * screen, takes a turn, and one the shop refused or failed is asked again, less and less often, while it is shown.
 */
const AT_ONCE = 2;
const LONGEST_WAIT_MS = 8_000;
let running = 0;
const waiting: Array<() => void> = [];

function takeTurn(): { ready: Promise<void>; done: () => void } {
  let released = false;
  let granted = false;
  let cancel: (() => void) | null = null;
  const ready = new Promise<void>((resolve) => {
    const go = () => {
      running++;
      granted = true;
      resolve();
    };
    if (running < AT_ONCE) go();
    else {
      waiting.push(go);
      cancel = () => waiting.splice(waiting.indexOf(go), 1);
    }
  });
  const done = () => {
    if (released) return;
    released = true;
    if (!granted) return cancel?.();
    running--;
    waiting.shift()?.();
  };
  return { ready, done };
}

export function QueuedImage({
  src,
  alt,
  className,
  width,
  height,
}: {
  src: string;
  alt: string;
  className?: string;
  width?: number;
  height?: number;
}) {
  const ref = useRef<HTMLImageElement>(null);
  // Without IntersectionObserver (old browsers) every picture counts as near.
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  const [attempt, setAttempt] = useState(0);
  const [shown, setShown] = useState<string | null>(null);
  const turn = useRef<ReturnType<typeof takeTurn> | null>(null);

  useEffect(() => {
    const el = ref.current;
    if (!el || near) return;
    const seen = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), {
      rootMargin: '300px',
    });
    seen.observe(el);
    return () => seen.disconnect();
  }, [near]);

  useEffect(() => {
    if (!near) return;
    let live = true;
    const mine = takeTurn();
    turn.current = mine;
    void mine.ready.then(
      () => live && setShown(attempt ? `${src}${src.includes('?') ? '&' : '?'}try=${attempt}` : src),
    );
    return () => {
      live = false;
      mine.done();
    };
  }, [near, src, attempt]);

  const finished = (ok: boolean) => {
    turn.current?.done();
    if (ok) return;
    const wait = Math.min(500 * 2 ** attempt, LONGEST_WAIT_MS);
    retry.current = setTimeout(() => setAttempt((a) => a + 1), wait);
  };
  const retry = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(retry.current), []);

  // No alt text until the picture is asked for: a waiting picture is an empty box, not a broken one.
  return (
    <img
      ref={ref}
      src={shown ?? undefined}
      alt={shown ? alt : ''}
      decoding="async"
      width={width}
      height={height}
      className={cn(className, !shown && 'bg-slate-100 dark:bg-slate-800')}
      onLoad={() => finished(true)}
      onError={() => shown && finished(false)}
    />
  );
}
