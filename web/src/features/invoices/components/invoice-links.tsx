import { buttonClass } from '@/components/ui/button';
import { invoicePdfUrl, useOrderInvoices, type InvoiceSummary } from '../api';

const LABEL: Record<InvoiceSummary['documentType'], string> = { receipt: 'Receipt', bill_of_supply: 'Bill of supply', tax_invoice: 'Tax invoice' };

/** Download links for a paid order's bill and any credit notes (tracking page, admin order). */
export function InvoiceLinks({ orderNumber, paid }: { orderNumber: string; paid: boolean }) {
  const { data } = useOrderInvoices(orderNumber, paid);
  if (!data || data.invoices.length === 0) return null;
  return (
    <div className="flex flex-wrap gap-2">
      {data.invoices.map((doc) => (
        <a key={doc.id} href={invoicePdfUrl(orderNumber, doc.id)} download className={buttonClass('outline', 'sm')}>
          {doc.kind === 'credit_note' ? 'Credit note' : LABEL[doc.documentType]} {doc.serial} (PDF)
        </a>
      ))}
    </div>
  );
}
