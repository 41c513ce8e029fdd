import crypto from 'node:crypto';
import fs from 'node:fs';
import type { IncomingMessage } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

export interface TestS3 {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** The S3 settings of the shop pointing at this server. */
  env: Record<string, string>;
  close(): Promise<void>;
}

const ACCESS_KEY_ID = 'S3RVER';
const SECRET_ACCESS_KEY = 'S3RVER';

const rfc3986 = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
const hmac = (key: crypto.BinaryLike, text: string) => crypto.createHmac('sha256', key).update(text).digest();

/**
 * Whether a request carries a valid AWS Signature Version 4 made with the secret key (the header form the SDK sends).
 * s3rver checks only the access key id of v4 requests; real S3 checks the signature, so a wrong secret is refused.
 */
function hasValidSignature(req: IncomingMessage, secret: string): boolean {
  const auth = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/([^,]+), ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})$/.exec(
    req.headers.authorization ?? '',
  );
  if (!auth) return true; // anonymous or another scheme: s3rver's own checks apply
  const [, , scope, signedHeaders, signature] = auth as unknown as [string, string, string, string, string];
  const [date, region, service] = scope.split('/') as [string, string, string];
  const [rawPath, rawQuery = ''] = (req.url ?? '/').split('?') as [string, string?];
  const query = rawQuery
    .split('&')
    .filter(Boolean)
    .map((pair) => pair.split('=').map((part) => rfc3986(decodeURIComponent(part.replace(/\+/g, ' ')))))
    .map(([k, v = '']) => [k!, v] as const)
    .sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const names = signedHeaders.split(';');
  const headers = names
    .map(
      (n) =>
        `${n}:${String(req.headers[n] ?? '')
          .trim()
          .replace(/\s+/g, ' ')}\n`,
    )
    .join('');
  const canonical = [
    req.method,
    rawPath,
    query,
    headers,
    signedHeaders,
    req.headers['x-amz-content-sha256'] ?? 'UNSIGNED-PAYLOAD',
  ].join('\n');
  const toSign = [
    'AWS4-HMAC-SHA256',
    req.headers['x-amz-date'],
    scope,
    crypto.createHash('sha256').update(canonical).digest('hex'),
  ].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${secret}`, date), region), service), 'aws4_request');
  return crypto.timingSafeEqual(hmac(key, toSign), Buffer.from(signature, 'hex'));
}

/**
 * A real S3-protocol server (s3rver) on 127.0.0.1 at a free port, with one bucket, storing into a temporary folder.
 * Its one key pair is S3RVER / S3RVER: an unknown access key is refused by s3rver, a wrong secret by the signature
 * check added in front of its routes (SignatureDoesNotMatch, as S3 answers).
 */
export async function startTestS3(bucket = 'shop-files'): Promise<TestS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  // Koa composes its middleware when the server starts: this check runs before every route of s3rver.
  server.middleware.unshift(async (ctx, next) => {
    if (hasValidSignature(ctx.req, SECRET_ACCESS_KEY)) return next();
    ctx.status = 403;
    ctx.type = 'application/xml';
    ctx.body =
      '<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>SignatureDoesNotMatch</Code><Message>The request signature we calculated does not match the signature you provided.</Message></Error>';
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const keys = { accessKeyId: ACCESS_KEY_ID, secretAccessKey: SECRET_ACCESS_KEY };
  return {
    endpoint,
    bucket,
    ...keys,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: keys.accessKeyId,
      S3_SECRET_ACCESS_KEY: keys.secretAccessKey,
    },
    close: async () => {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
