import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { usePickupText } from '../texts';
import { usePickupCode } from '../api';

/** On the customer's tracking page: the code (and QR code) the counter asks for when the order is collected. */
export function PickupCodeCard({ orderNumber, show }: { orderNumber: string; show: boolean }) {
  const { data } = usePickupCode(orderNumber, show);
  const t = usePickupText();
  if (!show || !data) return null;
  return (
    <Card data-testid="pickup-code">
      <CardHeader>
        <CardTitle>{t('title')}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-wrap items-center gap-4">
        <img
          src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(data.qr_svg)}`}
          alt={t('qr', { order: orderNumber })}
          width={132}
          height={132}
          className="rounded-md border border-slate-200 bg-white p-1 dark:border-slate-700"
        />
        <div className="min-w-0">
          <p
            className="font-mono text-3xl font-bold tracking-[0.3em]"
            aria-label={t('code', { digits: data.code.split('').join(' ') })}
          >
            {data.code}
          </p>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t('show')}</p>
        </div>
      </CardContent>
    </Card>
  );
}
