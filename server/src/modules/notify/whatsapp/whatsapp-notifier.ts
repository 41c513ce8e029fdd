import { and, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../../context.ts';
import { orderWhatsappOptIns, users, whatsappNotifications } from '../../../db/schema/index.ts';
import type { Language } from '../../../lib/i18n.ts';
import type { CustomerChannel, CustomerEvent, NotifiedOrder, NotifySlots } from '../channel.ts';
import { statusWords } from '../order-mails.ts';
import { sendTemplate, WhatsAppError, type CloudApiOptions } from './cloud-api.ts';
import { plainLinks } from '@shop/shared/notify/plain-links';

type Order = NotifiedOrder;
export type WhatsAppEvent = CustomerEvent | 'message';

/** A claimed whatsapp_notifications row and what to send for it. */
interface WhatsAppJob {
  id: number;
  to: string;
  template: string;
  params: string[];
  language: string;
  about: { orderId: number; event: WhatsAppEvent; template: string; language: string };
}

const lastErrorOf = (err: WhatsAppError) => `${err.code}: ${err.message}`.slice(0, 500);

/** Meta codes that mean the shop's set-up is wrong (token, permissions, template): logged as errors, not warnings. */
const SETUP_CODES = new Set([
  '0',
  '3',
  '10',
  '190',
  '132000',
  '132001',
  '132005',
  '132007',
  '132012',
  '132015',
  '132016',
  'http_401',
  'http_403',
]);

/**
 * The WhatsApp channel (docs/decisions/022-whatsapp-notifications.md): the same events as the mails, as approved
 * templates, to customers who ticked WhatsApp updates at checkout. A whatsapp_notifications row is claimed before
 * sending (once per order and event, once per staff note); retries with backoff run in the background and stop at
 * a wamid, a refusal, an unknown outcome (a timeout may have been delivered: never risk a second copy) or the
 * last attempt.
 */
export class WhatsAppChannel implements CustomerChannel {
  readonly name = 'whatsapp' as const;
  /** Waits before the 2nd, 3rd… attempt; its length bounds the attempts. Tests shorten it. */
  retryDelaysMs = [5_000, 30_000, 120_000, 600_000];
  /** One request's wait for Meta; past it the outcome is unknown and the message is not resent. */
  requestTimeoutMs = 15_000;
  private closing = false;
  private readonly timers = new Set<{ timer: NodeJS.Timeout; wake: () => void }>();
  private readonly api: CloudApiOptions;

  constructor(
    private readonly ctx: AppContext,
    /** The notifier's shared places (channel.ts): each attempt runs in one; the waits between attempts do not. */
    private readonly slots: NotifySlots,
  ) {
    const c = ctx.config;
    this.api = {
      apiUrl: c.WHATSAPP_API_URL,
      phoneNumberId: c.WHATSAPP_PHONE_NUMBER_ID ?? '',
      token: c.WHATSAPP_TOKEN ?? '',
    };
  }

  private templateFor(event: WhatsAppEvent): string {
    const c = this.ctx.config;
    return {
      confirmation: c.WHATSAPP_TEMPLATE_CONFIRMATION,
      ready: c.WHATSAPP_TEMPLATE_READY,
      done: c.WHATSAPP_TEMPLATE_DONE,
      message: c.WHATSAPP_TEMPLATE_MESSAGE,
    }[event];
  }

  /** The order's page; a walk-in order has no account to open it in, so the shop's address instead (decision 025). */
  private trackingUrl(order: Order): string {
    if (order.userId === null) return this.ctx.config.publicUrl;
    return `${this.ctx.config.publicUrl}/order-tracking/${encodeURIComponent(order.orderNumber)}`;
  }

  /** The number the customer opted in with, or null (no tick: no WhatsApp). */
  private async optedIn(orderId: number): Promise<string | null> {
    const [row] = await this.ctx.db
      .select({ phone: orderWhatsappOptIns.phoneE164 })
      .from(orderWhatsappOptIns)
      .where(eq(orderWhatsappOptIns.orderId, orderId))
      .limit(1);
    return row?.phone ?? null;
  }

  /**
   * The templates' language: the Telugu versions (WHATSAPP_TEMPLATE_LANGUAGE_TE, once approved) for a customer whose
   * account speaks Telugu, else the default language; the status words follow the template's language.
   */
  private async languageFor(order: Order): Promise<{ code: string; words: Language }> {
    const c = this.ctx.config;
    // A walk-in order has no account, so no language of its own (decision 025): the default.
    if (!c.WHATSAPP_TEMPLATE_LANGUAGE_TE || order.userId === null)
      return { code: c.WHATSAPP_TEMPLATE_LANGUAGE, words: 'en' };
    const [user] = await this.ctx.db
      .select({ language: users.language })
      .from(users)
      .where(eq(users.id, order.userId))
      .limit(1);
    return user?.language === 'te'
      ? { code: c.WHATSAPP_TEMPLATE_LANGUAGE_TE, words: 'te' }
      : { code: c.WHATSAPP_TEMPLATE_LANGUAGE, words: 'en' };
  }

  /** Status templates' body: {{1}} order number, {{2}} status words, {{3}} pickup code or "-", {{4}} tracking link. */
  async statusChanged(order: Order, event: CustomerEvent): Promise<void> {
    const job = await this.slots(async () => {
      const to = await this.optedIn(order.id);
      if (!to) return null;
      const language = await this.languageFor(order);
      const params = [
        order.orderNumber,
        statusWords(language.words, order.status, order.deliveryType),
        order.deliveryType === 'pickup' && order.pickupCode ? order.pickupCode : '-',
        this.trackingUrl(order),
      ];
      return this.claim(order, event, null, to, params, language.code);
    });
    if (job) await this.deliver(job);
  }

  /** The staff note template's body: {{1}} order number, {{2}} the note, {{3}} tracking link. */
  async staffMessage(order: Order, message: { id: number; body: string }): Promise<void> {
    const job = await this.slots(async () => {
      const to = await this.optedIn(order.id);
      if (!to) return null;
      const language = await this.languageFor(order);
      const params = [order.orderNumber, plainLinks(message.body), this.trackingUrl(order)];
      return this.claim(order, 'message', message.id, to, params, language.code);
    });
    if (job) await this.deliver(job);
  }

  /** Claims the (order, event) or (order, note) row: the job to send, or null when claimed before. */
  private async claim(
    order: Order,
    event: WhatsAppEvent,
    messageId: number | null,
    to: string,
    params: string[],
    language: string,
  ): Promise<WhatsAppJob | null> {
    const template = this.templateFor(event);
    const claimed = await this.ctx.db
      .insert(whatsappNotifications)
      .values({ orderId: order.id, event, messageId, template })
      .onConflictDoNothing()
      .returning({ id: whatsappNotifications.id });
    const id = claimed[0]?.id;
    if (id === undefined) return null; // claimed before: sent, refused or on its way
    return { id, to, template, params, language, about: { orderId: order.id, event, template, language } };
  }

  /** Sends a claimed job: each attempt in one of the notifier's places, the waits between attempts outside them. */
  private async deliver(job: WhatsAppJob): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      const retryIn = await this.slots(() => this.attempt(job, attempt));
      if (retryIn === null) return;
      if (await this.sleep(retryIn.delay)) continue;
      // The app is closing: no retry outlives the server.
      await this.slots(() => this.giveUp(job, attempt, retryIn.err));
      return;
    }
  }

  /** One attempt: null when the job is finished (sent or given up), or how long to wait before the next one. */
  private async attempt(job: WhatsAppJob, attempt: number): Promise<{ delay: number; err: WhatsAppError } | null> {
    try {
      const wamid = await sendTemplate(
        { ...this.api, timeoutMs: this.requestTimeoutMs },
        { to: job.to, template: job.template, language: job.language, params: job.params },
      );
      await this.record(job, attempt, { status: 'sent', wamid, lastError: null });
      this.ctx.log.info({ ...job.about, wamid, attempt }, 'customer WhatsApp sent');
      return null;
    } catch (err) {
      if (!(err instanceof WhatsAppError)) throw err;
      const delay = this.retryDelaysMs[attempt - 1];
      if (err.kind === 'retry' && delay !== undefined && !this.closing) {
        await this.record(job, attempt, { status: 'sending', lastError: lastErrorOf(err) });
        this.ctx.log.warn(
          { ...job.about, attempt, code: err.code, retryInMs: delay },
          'customer WhatsApp not sent yet, will retry',
        );
        return { delay, err };
      }
      await this.giveUp(job, attempt, err);
      return null;
    }
  }

  /** The last word on a job: failed, or unknown (a timeout may have been delivered: never risk a second copy). */
  private async giveUp(job: WhatsAppJob, attempt: number, err: WhatsAppError): Promise<void> {
    const status = err.kind === 'unknown' ? 'unknown' : 'failed';
    await this.record(job, attempt, { status, lastError: lastErrorOf(err) });
    const level = SETUP_CODES.has(err.code) ? 'error' : 'warn';
    this.ctx.log[level](
      { ...job.about, attempt, code: err.code, reason: err.message },
      status === 'unknown' ? 'customer WhatsApp outcome unknown, not resent' : 'customer WhatsApp not sent',
    );
  }

  /** Writes the job's row, unless a wamid is already there. */
  private record(job: WhatsAppJob, attempt: number, values: Partial<typeof whatsappNotifications.$inferInsert>) {
    return this.ctx.db
      .update(whatsappNotifications)
      .set({ ...values, attempts: attempt, updatedAt: new Date() })
      .where(and(eq(whatsappNotifications.id, job.id), isNull(whatsappNotifications.wamid)));
  }

  /** Resolves true after `ms`, false at once when the app closes (no retry outlives the server). */
  private sleep(ms: number): Promise<boolean> {
    return new Promise((resolve) => {
      const entry = { timer: setTimeout(() => done(true), ms), wake: () => done(false) };
      const done = (slept: boolean) => {
        clearTimeout(entry.timer);
        this.timers.delete(entry);
        resolve(slept);
      };
      this.timers.add(entry);
    });
  }

  /** Stops waiting retries (the app closing): those notifications are recorded as failed. */
  close(): void {
    this.closing = true;
    for (const t of [...this.timers]) t.wake();
  }
}
