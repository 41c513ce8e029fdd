import type { Readable } from 'node:stream';
import type { TestApp } from './app.ts';

/** Every byte of a stream. */
export async function readAll(stream: Readable | AsyncIterable<unknown>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

/** What the app's storage holds under `key`, or null when it holds nothing there. */
export async function readStored(app: TestApp, key: string): Promise<Buffer | null> {
  const obj = await app.ctx.storage.get(key);
  return obj ? readAll(obj.stream) : null;
}

/** Whether the app's storage holds `key` (the object is not read: its stream is closed at once). */
export async function stored(app: TestApp, key: string): Promise<boolean> {
  const obj = await app.ctx.storage.get(key);
  obj?.stream.destroy();
  return obj !== null;
}
