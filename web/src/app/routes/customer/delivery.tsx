import { useEffect, useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { buttonClass } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { formatRupees } from '@/lib/format';
import { shopConfig } from '@/lib/shop-config';
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
  useEffect(() => {
    if (saved === 'error') toast({ title: 'Error', description: 'Failed to load order data. Please try again.', variant: 'destructive' });
    else if (!saved) toast({ title: 'No Order Data', description: 'No order information found. Please start from the services page.', variant: 'destructive' });
  }, [saved]);
  if (!saved || saved === 'error') return <Navigate to={paths.services} replace />;
  const serviceId = saved.printingOptions?.serviceId;
  return (
    <div className="mx-auto max-w-lg px-4 py-10">
      <Card className="space-y-3 p-6">
        <h1 className="text-2xl font-bold">{skipAddress ? 'Self Pickup' : 'Delivery Details'}</h1>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {saved.fileDetails?.originalFilename} · {saved.pdfInfo?.pageCount} pages · {saved.printingOptions?.copies ?? 1} copies
        </p>
        {saved.costSummary?.totalCost !== undefined && <p className="font-semibold">Total {formatRupees(saved.costSummary.totalCost + (skipAddress ? 0 : saved.deliveryCharge ?? 0))}</p>}
        {skipAddress ? (
          <p className="text-sm">Collect your prints at our shop: {shopConfig.address} ({shopConfig.hours}). No delivery charge.</p>
        ) : (
          <p className="text-sm">We deliver in Guntur to pincodes {shopConfig.deliveryPincodes.join(', ')}.</p>
        )}
        {serviceId ? (
          <Link to={paths.orderCreate(serviceId)} className={buttonClass('default', 'default', 'w-full')}>Continue your order</Link>
        ) : (
          <p className="text-sm text-red-600">Order information is missing. Please try again.</p>
        )}
      </Card>
    </div>
  );
}
