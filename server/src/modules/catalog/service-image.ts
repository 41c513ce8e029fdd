import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { AppError, badRequest } from '../../plugins/errors.ts';

export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;

const IMAGE_TYPES: Array<{ ext: string; type: string; test: (b: Buffer) => boolean }> = [
  {
    ext: 'png',
    type: 'image/png',
    test: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  },
  { ext: 'jpg', type: 'image/jpeg', test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  {
    ext: 'gif',
    type: 'image/gif',
    test: (b) => b.subarray(0, 6).toString('latin1') === 'GIF87a' || b.subarray(0, 6).toString('latin1') === 'GIF89a',
  },
  {
    ext: 'webp',
    type: 'image/webp',
    test: (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
  },
];

export function imageTypeOf(name: string): string | null {
  const ext = name.split('.').pop()?.toLowerCase();
  return IMAGE_TYPES.find((t) => t.ext === ext)?.type ?? null;
}

/**
 * Reads a service form sent as JSON or multipart (fields + optional `image` file). The image is checked by its
 * content (PNG, JPEG, GIF or WebP), limited to 2 MB, and stored under a server-made name.
 */
export async function readServiceForm(
  ctx: AppContext,
  request: FastifyRequest,
): Promise<{ fields: Record<string, unknown>; imageUrl?: string }> {
  if (!request.isMultipart()) return { fields: (request.body ?? {}) as Record<string, unknown> };
  const fields: Record<string, unknown> = {};
  let imageUrl: string | undefined;
  try {
    imageUrl = await readParts(ctx, request, fields);
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError('file_too_large', 413, 'The image must be at most 2 MB.');
    throw err;
  }
  return { fields, imageUrl };
}

async function readParts(
  ctx: AppContext,
  request: FastifyRequest,
  fields: Record<string, unknown>,
): Promise<string | undefined> {
  let imageUrl: string | undefined;
  for await (const part of request.parts({ limits: { fileSize: MAX_IMAGE_BYTES, files: 1 } })) {
    if (part.type === 'field') {
      // PostgreSQL text cannot hold NUL (JSON bodies are checked as they are parsed, form fields here).
      if (part.fieldname.includes('\u0000') || (typeof part.value === 'string' && part.value.includes('\u0000'))) {
        throw new AppError('invalid_characters', 400, 'The request contains characters that are not allowed.');
      }
      fields[part.fieldname] = part.value;
      continue;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of part.file as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size <= MAX_IMAGE_BYTES) chunks.push(chunk);
    }
    if (part.file.truncated || size > MAX_IMAGE_BYTES)
      throw new AppError('file_too_large', 413, 'The image must be at most 2 MB.');
    if (size === 0) continue; // an empty file input: keep the current image
    const body = Buffer.concat(chunks);
    const kind = IMAGE_TYPES.find((t) => t.test(body));
    if (!kind)
      throw badRequest('The image must be a PNG, JPEG, GIF or WebP file.', {
        image: 'The image must be a PNG, JPEG, GIF or WebP file.',
      });
    const name = `${crypto.randomUUID()}.${kind.ext}`;
    await ctx.storage.put(`service-images/${name}`, body, kind.type);
    imageUrl = `/api/service-images/${name}`;
  }
  return imageUrl;
}
