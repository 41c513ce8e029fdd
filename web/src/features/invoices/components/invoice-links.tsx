import { buttonClass } from '@/components/ui/button';
import { invoicePdfUrl, useOrderInvoices, type InvoiceSummary } from '../api';
import { useInvoicesText } from '../texts';

const LABEL = {
  receipt: 'receipt',
  bill_of_supply: 'billOfSupply',
  tax_invoice: 'taxInvoice',
} as const satisfies Record<InvoiceSummary['documentType'], string>;

/** Download links for a paid order's bill and any credit notes (tracking page, admin order). */
export function InvoiceLinks({ orderNumber, paid }: { orderNumber: string; paid: boolean }) {
  const { data } = useOrderInvoices(orderNumber, paid);
  const t = useInvoicesText();
  if (!data || data.invoices.length === 0) return null;
  return (
    <div className="flex flex-wrap gap-2">
      {data.invoices.map((doc) => (
        <a key={doc.id} href={invoicePdfUrl(orderNumber, doc.id)} download className={buttonClass('outline', 'sm')}>
          {t('link', {
            document: t(doc.kind === 'credit_note' ? 'creditNote' : LABEL[doc.documentType]),
            serial: doc.serial,
          })}
        </a>
      ))}
    </div>
  );
}
