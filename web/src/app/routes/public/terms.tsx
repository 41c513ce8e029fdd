import { PolicyPage } from '@/components/layout/policy-page';
import { shopConfig } from '@/lib/shop-config';

export default function TermsPage() {
  const s = shopConfig;
  return (
    <PolicyPage
      title="Terms & Conditions"
      intro={
        <p>
          These terms apply to every order placed on the website of {s.name}, {s.address} (&ldquo;the shop&rdquo;, &ldquo;we&rdquo;). By creating an
          account or placing an order you agree to them. Please read them together with our Privacy Policy and our Cancellation &amp; Refund Policy.
        </p>
      }
      sections={[
        {
          title: 'Your account',
          body: (
            <ul>
              <li>You must give your real name and an e-mail address you can read; we use it for order updates and password resets.</li>
              <li>Keep your password secret. You are responsible for orders placed from your account.</li>
              <li>One person, one account. We may close accounts used for fraud or abuse.</li>
            </ul>
          ),
        },
        {
          title: 'Orders and documents',
          body: (
            <ul>
              <li>You upload your document as a PDF of at most 10 MB and choose the printing options (colour or black &amp; white, paper, sides, copies, binding).</li>
              <li>We print exactly what you upload. Please check page order, margins, spelling and image quality before you pay: we do not edit or proofread documents.</li>
              <li>You confirm that you have the right to print what you upload. We refuse documents that are unlawful, infringe someone else&rsquo;s rights, or are identity documents you are not entitled to copy.</li>
              <li>Orders are accepted from 9:00 AM to 10:00 PM IST. Orders placed later are processed on the next business day. Shop hours: {s.hours}.</li>
            </ul>
          ),
        },
        {
          title: 'Prices, discounts and payment',
          body: (
            <ul>
              <li>The price shown before payment is calculated from the page count and the options you chose, and is the price you pay. All prices are in Indian Rupees and include applicable taxes.</li>
              <li>
                Automatic discounts apply to the print total: 2% from ₹500 up to ₹1,000, 4% from ₹1,000 up to ₹1,500, and 5% above ₹1,500.
              </li>
              <li>Payment is taken in full, online, through our payment provider (cards, UPI, net banking). Your order is confirmed only when the payment is verified.</li>
            </ul>
          ),
        },
        {
          title: 'Delivery and pickup',
          body: (
            <ul>
              <li>We deliver within Guntur to pincodes {s.deliveryPincodes.join(', ')}. Home delivery costs ₹30 for orders under ₹2,000 and is free from ₹2,000.</li>
              <li>You can also collect your order at the shop ({s.address}) at no charge. Bring your order number.</li>
              <li>Delivery times are estimates; we will contact you on the mobile number you give us if there is a delay.</li>
            </ul>
          ),
        },
        {
          title: 'Cancellations and refunds',
          body: <p>Orders are final once paid. See the Cancellation &amp; Refund Policy for the one exception: when we fail to deliver.</p>,
        },
        {
          title: 'Order status',
          body: <p>The shop&rsquo;s staff and administrator update the status of your order (received, in review, processing, completed, delivered or collected). You can follow it on the order tracking page.</p>,
        },
        {
          title: 'Liability',
          body: (
            <p>
              If we make a printing mistake, we reprint the affected pages free of charge. Our liability for any order is limited to the amount paid for it. We are not liable for indirect
              losses such as missed deadlines.
            </p>
          ),
        },
        {
          title: 'Changes and contact',
          body: (
            <p>
              We may update these terms; the version in force when you place an order applies to it. Questions: {s.email} or {s.phone}. These terms are governed by the laws of India, and the
              courts of Guntur, Andhra Pradesh have jurisdiction.
            </p>
          ),
        },
      ]}
    />
  );
}
