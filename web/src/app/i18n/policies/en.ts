/** The three policy pages (effective 20 May 2025). Shop facts come in as placeholders. */
export default {
  'terms.title': 'Terms & Conditions',
  'terms.intro':
    'These terms apply to every order placed on the website of {name}, {address} (“the shop”, “we”). By creating an account or placing an order you agree to them. Please read them together with our Privacy Policy and our Cancellation & Refund Policy.',
  'terms.account': 'Your account',
  'terms.account.1':
    'You must give your real name and an e-mail address you can read; we use it for order updates and password resets.',
  'terms.account.2': 'Keep your password secret. You are responsible for orders placed from your account.',
  'terms.account.3': 'One person, one account. We may close accounts used for fraud or abuse.',
  'terms.orders': 'Orders and documents',
  'terms.orders.1':
    'You upload your document as a PDF of at most 10 MB and choose the printing options (colour or black & white, paper, sides, copies, binding).',
  'terms.orders.2':
    'We print exactly what you upload. Please check page order, margins, spelling and image quality before you pay: we do not edit or proofread documents.',
  'terms.orders.3':
    'You confirm that you have the right to print what you upload. We refuse documents that are unlawful, infringe someone else’s rights, or are identity documents you are not entitled to copy.',
  'terms.orders.4':
    'Orders are accepted from 9:00 AM to 10:00 PM IST. Orders placed later are processed on the next business day. Shop hours: {hours}.',
  'terms.prices': 'Prices, discounts and payment',
  'terms.prices.1':
    'The price shown before payment is calculated from the page count and the options you chose, and is the price you pay. All prices are in Indian Rupees and include applicable taxes.',
  'terms.prices.2':
    'Automatic discounts apply to the print total: 2% from ₹500 up to ₹1,000, 4% from ₹1,000 up to ₹1,500, and 5% above ₹1,500.',
  'terms.prices.3':
    'Payment is taken in full, online, through our payment provider (cards, UPI, net banking). Your order is confirmed only when the payment is verified.',
  'terms.delivery': 'Delivery and pickup',
  'terms.delivery.1':
    'We deliver within Guntur to pincodes {pincodes}. Home delivery costs ₹30 for orders under ₹2,000 and is free from ₹2,000.',
  'terms.delivery.2': 'You can also collect your order at the shop ({address}) at no charge. Bring your order number.',
  'terms.delivery.3':
    'Delivery times are estimates; we will contact you on the mobile number you give us if there is a delay.',
  'terms.cancel': 'Cancellations and refunds',
  'terms.cancel.1':
    'Orders are final once paid. See the Cancellation & Refund Policy for the one exception: when we fail to deliver.',
  'terms.status': 'Order status',
  'terms.status.1':
    'The shop’s staff and administrator update the status of your order (received, in review, processing, completed, delivered or collected). You can follow it on the order tracking page.',
  'terms.liability': 'Liability',
  'terms.liability.1':
    'If we make a printing mistake, we reprint the affected pages free of charge. Our liability for any order is limited to the amount paid for it. We are not liable for indirect losses such as missed deadlines.',
  'terms.changes': 'Changes and contact',
  'terms.changes.1':
    'We may update these terms; the version in force when you place an order applies to it. Questions: {email} or {phone}. These terms are governed by the laws of India, and the courts of Guntur, Andhra Pradesh have jurisdiction.',
  'privacy.title': 'Privacy Policy',
  'privacy.intro':
    '{name} collects only what it needs to print and deliver your orders. This policy explains what we keep, why, for how long, and what you can ask us to do with it.',
  'privacy.collect': 'What we collect',
  'privacy.collect.1':
    'Account details: your name, e-mail address and a scrambled (hashed) form of your password. We never see or store your password itself.',
  'privacy.collect.2':
    'Order details: the documents you upload, the options you choose, prices, and for home delivery your address, door number, pincode and mobile number.',
  'privacy.collect.3':
    'Payment references from our payment provider (order and payment ids). Card, UPI and bank details are handled by the provider and never reach us.',
  'privacy.collect.4':
    'Technical records needed to keep the site secure, such as sign-in attempts and the address they came from.',
  'privacy.use': 'How we use it',
  'privacy.use.1': 'To print, deliver and hand over your orders, and to contact you about them.',
  'privacy.use.2': 'To send account e-mails such as password reset links and notices that your password was changed.',
  'privacy.use.3': 'To protect accounts against misuse, for example by slowing down repeated failed sign-ins.',
  'privacy.documents': 'Your documents',
  'privacy.documents.1':
    'Uploaded files are stored privately. Only you and the shop’s authorised staff and administrator can open them, and only to fulfil your order. We do not read documents for any other purpose and never share them. A document you mark as sensitive (an ID card, a certificate) can be printed by the shop but not downloaded.',
  'privacy.sharing': 'Sharing',
  'privacy.sharing.1':
    'We do not sell your data. We share it only with the payment provider (to take payment) and, when the law requires it, with authorities.',
  'privacy.cookies': 'Cookies',
  'privacy.cookies.1':
    'We use one essential cookie to keep you signed in, and remember your light or dark theme choice and your language in your browser. We use no advertising or tracking cookies.',
  'privacy.keeping': 'Keeping and deleting',
  'privacy.keeping.1':
    'Your files are deleted {days} days after your order is ready (the order’s tracking page shows the date), files you upload but never order after a short while, and sensitive documents as soon as you collect your order or it is delivered. Once you have your order you can delete its files yourself from its tracking page. We keep order records as long as the law requires for accounts and tax. You may ask us to correct your details or close your account by writing to {email}.',
  'privacy.contact': 'Contact',
  'privacy.contact.1': 'Questions about your data: {email}, {phone}, or visit us at {address}.',
  'refund.title': 'Cancellation & Refund Policy',
  'refund.intro':
    'Printing starts soon after you pay, and printed pages cannot be reused. For that reason all orders at {name} are final. Please check your document and options carefully before paying.',
  'refund.cancel': 'No cancellation',
  'refund.cancel.1':
    'Once payment is complete, an order cannot be cancelled or changed. If you uploaded the wrong file, contact us at once: if printing has not started we will try to help, but we cannot promise it.',
  'refund.none': 'No refunds',
  'refund.none.1':
    'Paid orders are not refunded, including when the document itself contained mistakes, or when the order is not collected from the shop.',
  'refund.fail': 'When we fail to deliver',
  'refund.fail.1':
    'If we cannot complete or deliver a paid order (for example, we cannot print it, or we cannot deliver to an address inside our service area {pincodes}), we refund the full amount, including any delivery charge.',
  'refund.fail.2':
    'If pages are misprinted through our fault, we reprint them free of charge; if we cannot, we refund the value of those pages.',
  'refund.fail.3':
    'Refunds go back to the original payment method through our payment provider, usually within 5 to 7 working days.',
  'refund.failed': 'Payments that failed',
  'refund.failed.1':
    'If money was taken but your order was not confirmed, it is either confirmed automatically once the payment provider reports it, or returned by the provider. Contact us with the payment reference if you are unsure.',
  'refund.contact': 'Contact',
  'refund.contact.1': 'Write to {email} or call {phone} ({hours}) with your order number.',
} as const;
