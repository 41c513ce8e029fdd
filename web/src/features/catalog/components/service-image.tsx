import { Printer } from 'lucide-react';
import { useState } from 'react';
import { cn } from '@/lib/cn';

/** The service's image, or a placeholder when it is missing or fails to load. */
export function ServiceImage({
  src,
  alt,
  className,
}: {
  src: string | null | undefined;
  alt: string;
  className?: string;
}) {
  const [failed, setFailed] = useState(false);
  if (!src || failed) {
    return (
      <div
        data-testid="image-placeholder"
        className={cn(
          'flex items-center justify-center bg-gradient-to-br from-brand-50 to-slate-100 text-brand-700 dark:text-brand-500 dark:from-slate-800 dark:to-slate-900',
          className,
        )}
      >
        <Printer className="h-10 w-10" aria-hidden />
        <span className="sr-only">{alt}</span>
      </div>
    );
  }
  return (
    <img src={src} alt={alt} loading="lazy" onError={() => setFailed(true)} className={cn('object-cover', className)} />
  );
}
