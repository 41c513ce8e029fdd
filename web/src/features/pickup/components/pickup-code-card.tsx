import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { usePickupCode } from '../api';

/** On the customer's tracking page: the code (and QR code) the counter asks for when the order is collected. */
export function PickupCodeCard({ orderNumber, show }: { orderNumber: string; show: boolean }) {
  const { data } = usePickupCode(orderNumber, show);
  if (!show || !data) return null;
  return (
    <Card data-testid="pickup-code">
      <CardHeader>
        <CardTitle>Pickup code</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-wrap items-center gap-4">
        <img src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(data.qr_svg)}`} alt={`QR code for collecting ${orderNumber}`} width={132} height={132} className="rounded-md border border-slate-200 bg-white p-1 dark:border-slate-700" />
        <div className="min-w-0">
          <p className="font-mono text-3xl font-bold tracking-[0.3em]" aria-label={`Pickup code ${data.code.split('').join(' ')}`}>
            {data.code}
          </p>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">Show this code or the QR code at the counter to collect your order. Keep it to yourself.</p>
        </div>
      </CardContent>
    </Card>
  );
}
