import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import type { MultipartFile } from '@fastify/multipart';
import { MAX_UPLOAD_BYTES, UPLOAD_MESSAGES } from '@shop/shared/files/schemas';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../plugins/errors.ts';

/**
 * Receives one multipart file into a temporary file on disk while counting and hashing it, so a request holds
 * at most a small chunk in memory however big the upload (10 customers × 10 MB stay far under the RSS budget).
 * The size limit is enforced while reading; a header check (`expectMagic`) rejects a wrong type at once and
 * writes nothing more of it.
 */

export interface ReceivedUpload {
  tmpPath: string;
  size: number;
  sha256: string;
  filename: string;
  mimetype: string;
  /** Removes the temporary file; safe to call twice. */
  cleanup(): Promise<void>;
}

export const tooLarge = () => new AppError('file_too_large', 413, UPLOAD_MESSAGES.tooLarge);

export interface ReceiveOptions {
  /** Multipart field that must hold the file. */
  field?: string;
  maxBytes?: number;
  /** The first bytes the file must start with (one of them), else `onBadMagic` is thrown (after draining the request). */
  expectMagic?: Buffer | readonly Buffer[];
  onBadMagic?: () => Error;
  noFile: () => Error;
}

const isTooLarge = (err: unknown) => (err as { code?: string })?.code === 'FST_REQ_FILE_TOO_LARGE';

export async function receiveUpload(request: FastifyRequest, opts: ReceiveOptions): Promise<ReceivedUpload> {
  if (!request.isMultipart()) throw opts.noFile();
  const maxBytes = opts.maxBytes ?? MAX_UPLOAD_BYTES;
  let part: MultipartFile | undefined;
  try {
    part = await request.file({ limits: { fileSize: maxBytes, files: 1 } });
  } catch (err) {
    if (isTooLarge(err)) throw tooLarge();
    throw err;
  }
  if (!part || (opts.field && part.fieldname !== opts.field)) {
    if (part) await drain(part.file);
    throw opts.noFile();
  }

  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'shop-upload-'));
  const tmpPath = path.join(dir, 'upload.bin');
  const cleanup = () => fsp.rm(dir, { recursive: true, force: true });
  const out = fs.createWriteStream(tmpPath);
  const hash = crypto.createHash('sha256');
  let size = 0;
  let head = Buffer.alloc(0);
  const magics: readonly Buffer[] = opts.expectMagic
    ? Array.isArray(opts.expectMagic)
      ? opts.expectMagic
      : [opts.expectMagic as Buffer]
    : [];
  const headLength = Math.max(0, ...magics.map((m) => m.length));
  /** A magic the first bytes read so far agree with (all of it once enough bytes have come). */
  const agrees = (m: Buffer) =>
    m.subarray(0, Math.min(m.length, head.length)).equals(head.subarray(0, Math.min(m.length, head.length)));
  let rejected: Error | null = null;
  try {
    try {
      for await (const chunk of part.file as AsyncIterable<Buffer>) {
        size += chunk.length;
        if (rejected) continue; // keep reading to the end so the answer reaches the client, store nothing
        if (magics.length && head.length < headLength) {
          head = Buffer.concat([head, chunk.subarray(0, headLength - head.length)]);
          if (!magics.some(agrees)) {
            rejected = (opts.onBadMagic ?? opts.noFile)();
            continue;
          }
        }
        hash.update(chunk);
        if (!out.write(chunk)) await once(out, 'drain');
      }
    } catch (err) {
      if (isTooLarge(err)) throw tooLarge();
      throw err;
    }
    out.end();
    await once(out, 'close');
    if (part.file.truncated || size > maxBytes) throw tooLarge();
    if (rejected) throw rejected;
    if (magics.length && !magics.some((m) => head.length >= m.length && agrees(m)))
      throw (opts.onBadMagic ?? opts.noFile)();
    return { tmpPath, size, sha256: hash.digest('hex'), filename: part.filename, mimetype: part.mimetype, cleanup };
  } catch (err) {
    out.destroy();
    await cleanup();
    throw err;
  }
}

async function drain(stream: NodeJS.ReadableStream) {
  try {
    for await (const _ of stream as AsyncIterable<unknown>) {
      // discard
    }
  } catch {
    // the request is being refused anyway
  }
}
