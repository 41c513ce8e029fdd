import fs from 'node:fs';
import * as mupdf from 'mupdf';

/**
 * A PDF on disk as mupdf reads it: piece by piece, as it asks, so the file is never copied whole into JavaScript or
 * WebAssembly memory (a 10 MB upload would otherwise sit there twice while it is read). `fd` stays the caller's.
 */
export function fileStream(fd: number, size: number): mupdf.Stream {
  return new mupdf.Stream({
    fileSize: () => size,
    read: (memory, offset, length, position) =>
      position >= size ? 0 : fs.readSync(fd, memory, offset, Math.min(length, size - position), position),
    close: () => {},
  });
}
