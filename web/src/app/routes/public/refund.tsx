import { PolicyPage } from '@/components/layout/policy-page';
import { shopConfig } from '@/lib/shop-config';

export default function RefundPage() {
  const s = shopConfig;
  return (
    <PolicyPage
      title="Cancellation & Refund Policy"
      intro={
        <p>
          Printing starts soon after you pay, and printed pages cannot be reused. For that reason all orders at {s.name} are final. Please check your document and options carefully before
          paying.
        </p>
      }
      sections={[
        {
          title: 'No cancellation',
          body: <p>Once payment is complete, an order cannot be cancelled or changed. If you uploaded the wrong file, contact us at once: if printing has not started we will try to help, but we cannot promise it.</p>,
        },
        {
          title: 'No refunds',
          body: <p>Paid orders are not refunded, including when the document itself contained mistakes, or when the order is not collected from the shop.</p>,
        },
        {
          title: 'When we fail to deliver',
          body: (
            <ul>
              <li>If we cannot complete or deliver a paid order (for example, we cannot print it, or we cannot deliver to an address inside our service area {s.deliveryPincodes.join(', ')}), we refund the full amount, including any delivery charge.</li>
              <li>If pages are misprinted through our fault, we reprint them free of charge; if we cannot, we refund the value of those pages.</li>
              <li>Refunds go back to the original payment method through our payment provider, usually within 5 to 7 working days.</li>
            </ul>
          ),
        },
        {
          title: 'Payments that failed',
          body: <p>If money was taken but your order was not confirmed, it is either confirmed automatically once the payment provider reports it, or returned by the provider. Contact us with the payment reference if you are unsure.</p>,
        },
        {
          title: 'Contact',
          body: (
            <p>
              Write to {s.email} or call {s.phone} ({s.hours}) with your order number.
            </p>
          ),
        },
      ]}
    />
  );
}
