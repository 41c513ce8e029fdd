/**
 * A file to attach, named by reference: the mailer renders it when it sends (every attempt), so a queued mail stays a
 * few bytes whatever it carries and always carries the document as it is (docs/decisions/029-mail-attachments-and-languages.md).
 */
export interface MailAttachmentRef {
  /** A GST document (invoice, bill of supply, receipt or credit note) by its `invoices` row id. */
  kind: 'invoice';
  id: number;
}

/** An attachment made ready for sending. */
export interface RenderedAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

/** Makes the file a reference names; null when it no longer exists (the mail then goes without it). */
export type AttachmentRenderer = (ref: MailAttachmentRef) => Promise<RenderedAttachment | null>;

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Files to attach, rendered when the mail is sent. */
  attachments?: MailAttachmentRef[];
  /** Not worth delivering after this (a reset link is dead after its hour): a mail still waiting then is dropped. */
  expiresAt?: Date;
}

/** A message as handed to the mail server, its attachments rendered. */
export type OutgoingMail = Omit<MailMessage, 'attachments' | 'expiresAt'> & { attachments?: RenderedAttachment[] };

/** Outgoing mail: written to DATA_DIR/outbox by default, SMTP in production. */
export interface Mailer {
  readonly kind: 'outbox' | 'smtp';
  /** Resolves once the message is delivered or durably queued for another try. */
  send(message: MailMessage): Promise<void>;
  /**
   * Resolves once the message is durably queued; its first attempt goes on in the background (a mailer whose send
   * waits for a mail server: SMTP). Telling customers about a burst of orders uses it, so a slow or unreachable mail
   * server never holds up the notifier's few places (notify/channel.ts). Without it, send is used.
   */
  queue?(message: MailMessage): Promise<void>;
  /** Waits for the attempts queue() started (tests; closing). */
  settle?(): Promise<void>;
  /** Stops background work (retries) when the app closes. */
  close?(): Promise<void>;
}
