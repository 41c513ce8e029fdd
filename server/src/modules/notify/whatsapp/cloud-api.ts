/**
 * A client for one call of the WhatsApp Cloud API (Meta Graph API): send a template message.
 *   POST {WHATSAPP_API_URL}/{phone-number-id}/messages, Authorization: Bearer {token}
 *   { messaging_product: "whatsapp", recipient_type: "individual", to, type: "template",
 *     template: { name, language: { code }, components: [{ type: "body", parameters: [{ type: "text", text }] }] } }
 * Success (200): { messaging_product, contacts: [{ input, wa_id }], messages: [{ id: "wamid…", message_status? }] }.
 * Failure: { error: { message, type, code, error_subcode?, error_data?: { details }, fbtrace_id } }.
 * How each failure is treated is decided here (docs/decisions/022-whatsapp-notifications.md).
 */

/** retry: try again later (5xx, throttling, network refused). permanent: never resend. unknown: may have been sent. */
export type WhatsAppFailureKind = 'retry' | 'permanent' | 'unknown';

export class WhatsAppError extends Error {
  constructor(
    readonly kind: WhatsAppFailureKind,
    /** Meta's error code (131026, 130429, 190…) or the HTTP status / a network word; never the token. */
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** Meta's throttling codes: the request was refused and can be sent later. */
const THROTTLED = new Set([4, 80007, 130429, 131048, 131056]);
/** Meta's "try again later" codes sent with a 4xx/5xx. */
const TRANSIENT = new Set([1, 2, 131000, 131016, 133004]);

export interface TemplateMessage {
  /** E.164, e.g. +919848011111. */
  to: string;
  template: string;
  language: string;
  /** The body's {{1}}, {{2}}… in order. */
  params: string[];
}

export interface CloudApiOptions {
  apiUrl: string;
  phoneNumberId: string;
  token: string;
  /** Per request; a timeout leaves the outcome unknown. */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/** A template parameter as Meta accepts it: no new lines or tabs, no runs of more than 4 spaces, bounded. */
export function templateParam(text: string, max = 900): string {
  const flat = text
    .replace(/[\r\n\t]+/g, ' ')
    .replace(/ {4,}/g, '   ')
    .trim();
  const chars = [...flat];
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : flat || '-';
}

export function templateBody(m: TemplateMessage) {
  return {
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    to: m.to,
    type: 'template',
    template: {
      name: m.template,
      language: { code: m.language },
      components: [{ type: 'body', parameters: m.params.map((text) => ({ type: 'text', text: templateParam(text) })) }],
    },
  };
}

/** Sends one template message; resolves with the wamid Meta gave it, or throws a WhatsAppError. */
export async function sendTemplate(opts: CloudApiOptions, message: TemplateMessage): Promise<string> {
  const url = `${opts.apiUrl.replace(/\/+$/, '')}/${encodeURIComponent(opts.phoneNumberId)}/messages`;
  let res: Response;
  try {
    res = await (opts.fetch ?? fetch)(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${opts.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(templateBody(message)),
      signal: AbortSignal.timeout(opts.timeoutMs ?? 15_000),
    });
  } catch (err) {
    const e = err as Error & { cause?: { code?: string } };
    if (e.name === 'TimeoutError' || e.name === 'AbortError')
      throw new WhatsAppError('unknown', 'timeout', 'No answer from WhatsApp in time');
    // Refused or unreachable before anything was sent: safe to try again.
    const code = e.cause?.code ?? 'network';
    const before = ['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ENETUNREACH', 'EHOSTUNREACH'].includes(code);
    throw new WhatsAppError(before ? 'retry' : 'unknown', code, `WhatsApp not reached (${code})`);
  }
  const text = await res.text().catch(() => '');
  let json: {
    messages?: { id?: unknown }[];
    error?: { code?: unknown; message?: unknown; error_data?: { details?: unknown } };
  } = {};
  try {
    json = JSON.parse(text) as typeof json;
  } catch {
    // A proxy's HTML page: judged by the status below.
  }
  const wamid = json.messages?.[0]?.id;
  if (res.ok && typeof wamid === 'string' && wamid) return wamid;
  const metaCode = typeof json.error?.code === 'number' ? json.error.code : undefined;
  const detail = [json.error?.message, json.error?.error_data?.details]
    .filter((v) => typeof v === 'string')
    .join(': ')
    .slice(0, 300);
  const code = metaCode !== undefined ? String(metaCode) : `http_${res.status}`;
  const why = detail || `WhatsApp answered ${res.status}`;
  if (res.ok) throw new WhatsAppError('unknown', 'no_wamid', 'WhatsApp accepted the request without a message id');
  if (res.status === 429 || (metaCode !== undefined && THROTTLED.has(metaCode)))
    throw new WhatsAppError('retry', code, why);
  if (res.status >= 500 || (metaCode !== undefined && TRANSIENT.has(metaCode)))
    throw new WhatsAppError('retry', code, why);
  // 131026 not a WhatsApp number / cannot receive, 190 expired token, 132001 no such template, 100 bad parameter…
  throw new WhatsAppError('permanent', code, why);
}
