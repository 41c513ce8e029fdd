export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Not worth delivering after this (a reset link is dead after its hour): a mail still waiting then is dropped. */
  expiresAt?: Date;
}

/** Outgoing mail: written to DATA_DIR/outbox by default, SMTP in production. */
export interface Mailer {
  readonly kind: 'outbox' | 'smtp';
  /** Resolves once the message is delivered or durably queued for another try. */
  send(message: MailMessage): Promise<void>;
  /** Stops background work (retries) when the app closes. */
  close?(): Promise<void>;
}
