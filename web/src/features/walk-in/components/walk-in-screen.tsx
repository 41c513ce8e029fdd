import { Card } from '@/components/ui/card';
import { Button } from '@/components/ui/button';
import { formatPaise } from '@shop/shared/common/money';
import { useWalkInTexts } from '../texts';
import { useWalkIn } from '../use-walk-in';
import { BusinessBillFields } from '@/features/invoices';
import { CustomerFields } from './customer-fields';
import { DocumentsPanel } from './documents-panel';
import { DonePanel } from './done-panel';
import { PaymentFields } from './payment-fields';
import { PriceSummary } from './price-summary';

/**
 * The counter's "New walk-in order" (decision 025), for staff and the admin, on a phone or the counter PC: the
 * customer, their documents, the price, cash or UPI; saved, it is in the queue with its receipt and ticket.
 */
export function WalkInScreen({ queuePath }: { queuePath: string }) {
  const T = useWalkInTexts();
  const f = useWalkIn();
  if (f.result) return <DonePanel result={f.result} queuePath={queuePath} onNext={f.reset} />;
  return (
    <form
      className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void f.submit();
      }}
    >
      <div className="min-w-0 space-y-4">
        <Card className="space-y-3 p-4">
          <CustomerFields f={f} />
          <BusinessBillFields
            idPrefix="walkin-"
            value={f.bill.value}
            onChange={f.bill.onChange}
            error={f.bill.error}
            order={f.bill.order}
          />
        </Card>
        <Card className="p-4">
          <DocumentsPanel f={f} />
        </Card>
      </div>
      <Card className="space-y-4 p-4 lg:sticky lg:top-20">
        <PaymentFields f={f} />
        <PriceSummary f={f} />
        <Button type="submit" className="h-12 w-full text-base" disabled={f.saving || !f.price}>
          {f.saving ? T.saving : f.price ? T.save(formatPaise(f.price.totalAmount)) : T.save('—')}
        </Button>
      </Card>
    </form>
  );
}
