import zlib from 'node:zlib';

/**
 * A small ZIP writer (deflate, no encryption, no ZIP64): enough for the month's GSTR-1 CSV files in one download.
 * Names are UTF-8 (flag 11); the date is the DOS epoch's first day, so the same files give the same bytes.
 */
export function zipFiles(files: ReadonlyArray<{ name: string; content: string | Uint8Array }>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const file of files) {
    const name = Buffer.from(file.name, 'utf8');
    const raw = typeof file.content === 'string' ? Buffer.from(file.content, 'utf8') : Buffer.from(file.content);
    const packed = zlib.deflateRawSync(raw);
    const crc = zlib.crc32(raw);
    const header = (central: boolean) => {
      const b = Buffer.alloc(central ? 46 : 30);
      let p = 0;
      b.writeUInt32LE(central ? 0x02014b50 : 0x04034b50, p);
      p += 4;
      if (central) {
        b.writeUInt16LE(20, p);
        p += 2;
      }
      b.writeUInt16LE(20, p); // version needed
      b.writeUInt16LE(0x0800, p + 2); // UTF-8 names
      b.writeUInt16LE(8, p + 4); // deflate
      b.writeUInt16LE(0, p + 6); // time
      b.writeUInt16LE(0x21, p + 8); // date: 1 January 1980
      b.writeUInt32LE(crc, p + 10);
      b.writeUInt32LE(packed.length, p + 14);
      b.writeUInt32LE(raw.length, p + 18);
      b.writeUInt16LE(name.length, p + 22);
      b.writeUInt16LE(0, p + 24); // extra
      if (central) {
        b.writeUInt16LE(0, p + 26); // comment
        b.writeUInt16LE(0, p + 28); // disk
        b.writeUInt16LE(0, p + 30); // internal attributes
        b.writeUInt32LE(0, p + 32); // external attributes
        b.writeUInt32LE(offset, p + 36);
      }
      return b;
    };
    const local = Buffer.concat([header(false), name, packed]);
    centrals.push(Buffer.concat([header(true), name]));
    locals.push(local);
    offset += local.length;
  }
  const central = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(central.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, central, end]);
}
