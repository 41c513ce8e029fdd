import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll } from 'vitest';

export interface ReceivedMail {
  parsed: ParsedMail;
  raw: string;
  /** The envelope as the client gave it. */
  from: string;
  to: string[];
  /** Whether the message came over TLS (STARTTLS or TLS from the start). */
  secure: boolean;
  user?: string;
}

export interface TestSmtp {
  port: number;
  received: ReceivedMail[];
  /** Every AUTH attempt's user and whether it was over TLS. */
  logins: Array<{ user: string; secure: boolean }>;
  close(): Promise<void>;
}

export interface TestSmtpOptions {
  port?: number;
  /** Key and certificate: STARTTLS is offered (or TLS from the start with `secure`). */
  tls?: { key: string; cert: string };
  secure?: boolean;
  /** Accept only this user and password (and only over TLS, as smtp-server insists by default). */
  auth?: { user: string; pass: string };
}

/** A real SMTP server (smtp-server) on 127.0.0.1; every message it takes is parsed with mailparser. */
export async function startTestSmtp(opts: TestSmtpOptions = {}): Promise<TestSmtp> {
  const received: ReceivedMail[] = [];
  const logins: TestSmtp['logins'] = [];
  const disabledCommands = [...(opts.tls ? [] : ['STARTTLS']), ...(opts.auth ? [] : ['AUTH'])];
  const server = new SMTPServer({
    secure: opts.secure ?? false,
    ...(opts.tls ? { key: opts.tls.key, cert: opts.tls.cert } : { hideSTARTTLS: true }),
    authOptional: !opts.auth,
    disabledCommands,
    logger: false,
    onAuth(auth, session, callback) {
      logins.push({ user: auth.username ?? '', secure: Boolean(session.secure) });
      if (opts.auth && auth.username === opts.auth.user && auth.password === opts.auth.pass)
        return callback(null, { user: auth.username });
      return callback(new Error('Authentication failed'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks);
        simpleParser(raw)
          .then((parsed) => {
            received.push({
              parsed,
              raw: raw.toString('utf8'),
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              to: session.envelope.rcptTo.map((r) => r.address),
              secure: Boolean(session.secure),
              user: typeof session.user === 'string' ? session.user : undefined,
            });
            callback();
          })
          .catch(callback);
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.server.address() as net.AddressInfo).port;
  return { port, received, logins, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** Test SMTP servers for one describe block: each call starts one; every one is closed after the block. */
export function smtpServersForBlock(): (opts?: TestSmtpOptions) => Promise<TestSmtp> {
  const servers: TestSmtp[] = [];
  afterAll(async () => {
    for (const s of servers) await s.close();
  });
  return async (opts = {}) => {
    const server = await startTestSmtp(opts);
    servers.push(server);
    return server;
  };
}

/** A self-signed certificate for 127.0.0.1, made with openssl (Debian's `openssl`) for this test run. */
export function selfSignedCertificate(): { key: string; cert: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-cert-'));
  try {
    const key = path.join(dir, 'key.pem');
    const cert = path.join(dir, 'cert.pem');
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
        '-keyout',
        key,
        '-out',
        cert,
      ],
      { stdio: 'ignore' },
    );
    return { key: fs.readFileSync(key, 'utf8'), cert: fs.readFileSync(cert, 'utf8') };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
