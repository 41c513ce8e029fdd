import { PolicyPage } from '@/components/layout/policy-page';
import { shopConfig } from '@/lib/shop-config';

export default function PrivacyPage() {
  const s = shopConfig;
  return (
    <PolicyPage
      title="Privacy Policy"
      intro={
        <p>
          {s.name} collects only what it needs to print and deliver your orders. This policy explains what we keep, why, for how long, and what you can ask us to do with it.
        </p>
      }
      sections={[
        {
          title: 'What we collect',
          body: (
            <ul>
              <li>Account details: your name, e-mail address and a scrambled (hashed) form of your password. We never see or store your password itself.</li>
              <li>Order details: the documents you upload, the options you choose, prices, and for home delivery your address, door number, pincode and mobile number.</li>
              <li>Payment references from our payment provider (order and payment ids). Card, UPI and bank details are handled by the provider and never reach us.</li>
              <li>Technical records needed to keep the site secure, such as sign-in attempts and the address they came from.</li>
            </ul>
          ),
        },
        {
          title: 'How we use it',
          body: (
            <ul>
              <li>To print, deliver and hand over your orders, and to contact you about them.</li>
              <li>To send account e-mails such as password reset links and notices that your password was changed.</li>
              <li>To protect accounts against misuse, for example by slowing down repeated failed sign-ins.</li>
            </ul>
          ),
        },
        {
          title: 'Your documents',
          body: (
            <p>
              Uploaded files are stored privately. Only you and the shop&rsquo;s authorised staff and administrator can open them, and only to fulfil your order. We do not read documents
              for any other purpose and never share them. A document you mark as sensitive (an ID card, a certificate) can be printed by the shop but not downloaded.
            </p>
          ),
        },
        {
          title: 'Sharing',
          body: (
            <p>We do not sell your data. We share it only with the payment provider (to take payment) and, when the law requires it, with authorities.</p>
          ),
        },
        {
          title: 'Cookies',
          body: <p>We use one essential cookie to keep you signed in, and remember your light or dark theme choice in your browser. We use no advertising or tracking cookies.</p>,
        },
        {
          title: 'Keeping and deleting',
          body: (
            <p>
              Your files are deleted {s.fileRetentionDays} days after your order is ready (the order&rsquo;s tracking page shows the date), files you upload but never order after a short
              while, and sensitive documents as soon as you collect your order or it is delivered. Once you have your order you can delete its files yourself from its tracking page. We
              keep order records as long as the law requires for accounts and tax. You may ask us to correct your details or close your account by writing to {s.email}.
            </p>
          ),
        },
        {
          title: 'Contact',
          body: (
            <p>
              Questions about your data: {s.email}, {s.phone}, or visit us at {s.address}.
            </p>
          ),
        },
      ]}
    />
  );
}
