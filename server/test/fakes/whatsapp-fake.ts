import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for the WhatsApp Cloud API's send endpoint, written from Meta's documentation:
 * POST /{version}/{phone-number-id}/messages with `Authorization: Bearer <token>` and a template body. It answers
 * like Meta: 200 { messaging_product, contacts: [{ input, wa_id }], messages: [{ id: "wamid.…", message_status }] },
 * or a Graph API error { error: { message, type, code, error_data: { messaging_product, details }, fbtrace_id } }.
 * Tests queue failures with `failNext`.
 */
export interface FakeSent {
  to: string;
  template: string;
  language: string;
  params: string[];
  wamid: string;
}

type Failure = '500' | '429' | 'not_whatsapp' | 'expired_token' | 'hang';

export async function startFakeWhatsApp(opts: { token: string; phoneNumberId: string }) {
  const sent: FakeSent[] = [];
  const failures: Failure[] = [];
  let requests = 0;
  const hung = new Set<http.ServerResponse>();

  const error = (
    res: http.ServerResponse,
    status: number,
    code: number,
    message: string,
    type = 'OAuthException',
    details?: string,
  ) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        error: {
          message,
          type,
          code,
          ...(details ? { error_data: { messaging_product: 'whatsapp', details } } : {}),
          fbtrace_id: 'AbCdEf123',
        },
      }),
    );
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      requests++;
      const path = new URL(req.url ?? '/', 'http://fake').pathname;
      const match = /^\/v\d+\.\d+\/(\d+)\/messages$/.exec(path);
      if (req.method !== 'POST' || !match)
        return error(res, 400, 100, 'Unsupported post request.', 'GraphMethodException');
      if (req.headers.authorization !== `Bearer ${opts.token}`)
        return error(res, 401, 190, 'Invalid OAuth access token - Cannot parse access token');
      if (match[1] !== opts.phoneNumberId)
        return error(
          res,
          400,
          100,
          `Unsupported post request. Object with ID '${match[1]}' does not exist`,
          'GraphMethodException',
        );
      interface Body {
        messaging_product?: unknown;
        type?: unknown;
        to?: unknown;
        template?: {
          name?: unknown;
          language?: { code?: unknown };
          components?: { type?: string; parameters?: { type?: string; text?: unknown }[] }[];
        };
      }
      let body: Body;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Body;
      } catch {
        return error(res, 400, 100, '(#100) Invalid parameter');
      }
      const t = body.template;
      const params = t?.components?.find((c) => c.type === 'body')?.parameters;
      const shapeOk =
        body.messaging_product === 'whatsapp' &&
        body.type === 'template' &&
        typeof body.to === 'string' &&
        /^\+?\d{8,15}$/.test(body.to) &&
        typeof t?.name === 'string' &&
        typeof t?.language?.code === 'string' &&
        Array.isArray(params) &&
        params.every(
          (p) => p.type === 'text' && typeof p.text === 'string' && p.text.length > 0 && !/[\n\t]| {5,}/.test(p.text),
        );
      if (!shapeOk)
        return error(
          res,
          400,
          100,
          '(#100) Invalid parameter',
          'OAuthException',
          'Request body does not match the template message shape',
        );

      const failure = failures.shift();
      if (failure === 'hang') return void hung.add(res);
      if (failure === '500')
        return error(res, 500, 131000, 'Something went wrong', 'OAuthException', 'Something went wrong');
      if (failure === '429')
        return error(
          res,
          429,
          130429,
          '(#130429) Rate limit hit',
          'OAuthException',
          'Cloud API message throughput has been reached.',
        );
      if (failure === 'expired_token')
        return error(res, 401, 190, 'Error validating access token: Session has expired');
      if (failure === 'not_whatsapp')
        return error(
          res,
          400,
          131026,
          '(#131026) Message Undeliverable',
          'OAuthException',
          'Unable to deliver message: the recipient is not a WhatsApp user or cannot receive this message',
        );

      const wamid = `wamid.${randomBytes(24).toString('base64url')}`;
      const to = body.to as string;
      sent.push({
        to,
        template: t!.name as string,
        language: t!.language!.code as string,
        params: params!.map((p) => p.text as string),
        wamid,
      });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          messaging_product: 'whatsapp',
          contacts: [{ input: to, wa_id: to.replace(/^\+/, '') }],
          messages: [{ id: wamid, message_status: 'accepted' }],
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v23.0`,
    sent,
    get requests() {
      return requests;
    },
    failNext: (...f: Failure[]) => void failures.push(...f),
    close: async () => {
      for (const res of hung) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
