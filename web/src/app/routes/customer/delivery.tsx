import { useEffect, useState } from 'react';
import { Link, Navigate, useSearchParams } from '@/lib/router';
import { buttonClass } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { formatRupees } from '@/lib/format';
import { shopConfig, shopText } from '@/lib/shop-config';
import { useAccountText } from '../../i18n/account';
import { toast } from '@/lib/toast';

interface SavedOrderData {
  fileDetails?: { originalFilename?: string };
  pdfInfo?: { pageCount?: number };
  printingOptions?: { serviceId?: number; serviceName?: string; copies?: number };
  costSummary?: { totalCost?: number; finalAmount?: number } | null;
  deliveryType?: 'delivery' | 'pickup' | null;
  deliveryCharge?: number;
}

function readSaved(): SavedOrderData | null | 'error' {
  try {
    const raw = localStorage.getItem('orderData');
    return raw ? (JSON.parse(raw) as SavedOrderData) : null;
  } catch {
    return 'error';
  }
}

/** /delivery: the saved order's delivery step; ?skipAddress=true confirms a self pickup. */
export default function DeliveryPage() {
  const [params] = useSearchParams();
  const [saved] = useState(readSaved);
  const skipAddress = params.get('skipAddress') === 'true';
  const t = useAccountText();
  useEffect(() => {
    if (saved === 'error')
      toast({ title: t('delivery.error'), description: t('delivery.loadFailed'), variant: 'destructive' });
    else if (!saved)
      toast({ title: t('delivery.noData'), description: t('delivery.noDataText'), variant: 'destructive' });
  }, [saved, t]);
  if (!saved || saved === 'error') return <Navigate to={paths.services} replace />;
  const serviceId = saved.printingOptions?.serviceId;
  return (
    <div className="mx-auto max-w-lg px-4 py-10">
      <Card className="space-y-3 p-6">
        <h1 className="text-2xl font-bold">{skipAddress ? t('delivery.selfPickup') : t('delivery.title')}</h1>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {t('delivery.summary', {
            file: saved.fileDetails?.originalFilename ?? '',
            pages: saved.pdfInfo?.pageCount ?? 0,
            copies: saved.printingOptions?.copies ?? 1,
          })}
        </p>
        {saved.costSummary?.totalCost !== undefined && (
          <p className="font-semibold">
            {t('delivery.total', {
              amount: formatRupees(saved.costSummary.totalCost + (skipAddress ? 0 : (saved.deliveryCharge ?? 0))),
            })}
          </p>
        )}
        {skipAddress ? (
          <p className="text-sm">{t('delivery.collect', { address: shopText('address'), hours: shopText('hours') })}</p>
        ) : (
          <p className="text-sm">{t('delivery.pincodes', { pincodes: shopConfig.deliveryPincodes.join(', ') })}</p>
        )}
        {serviceId ? (
          <Link to={paths.orderCreate(serviceId)} className={buttonClass('default', 'default', 'w-full')}>
            {t('delivery.continue')}
          </Link>
        ) : (
          <p className="text-sm text-red-600">{t('delivery.missing')}</p>
        )}
      </Card>
    </div>
  );
}
