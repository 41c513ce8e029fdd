/** What other features use of notifications: the checkout's WhatsApp opt-in. */
export { useWhatsAppOptIn, WhatsAppOptIn } from './components/whatsapp-opt-in';
