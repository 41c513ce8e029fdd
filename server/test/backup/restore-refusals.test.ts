import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MANIFEST_NAME } from '../../src/modules/backup/manifest.ts';
import { checkArchive, restoreArchive, RestoreRefused } from '../../src/modules/backup/restore.ts';
import { readTarBuffers, TarWriter } from '../../src/modules/backup/tar.ts';
import { LocalStorage } from '../../src/modules/storage/local-storage.ts';
import { releaseFixtures, tempDir } from './shop.ts';

/** A wrong, damaged or tampered archive, or a target that is not empty, gets a clear refusal and changes nothing. */
const fixture = releaseFixtures()[0]!;

/** A copy of the fixture archive with `change` applied to its entries (name → bytes), rewritten as a tar. */
async function rewritten(dir: string, name: string, change: (entries: Map<string, Buffer>) => void): Promise<string> {
  const entries = await readTarBuffers(fixture.archive);
  change(entries);
  const out = path.join(dir, name);
  const tar = await TarWriter.create(out);
  for (const [n, data] of entries) await tar.addBuffer(n, data);
  await tar.finish();
  return out;
}

// eslint-disable-next-line typescript/no-explicit-any -- the tests edit any field of the manifest
const editManifest = (entries: Map<string, Buffer>, edit: (m: Record<string, any>) => void) => {
  const m = JSON.parse(entries.get(MANIFEST_NAME)!.toString());
  edit(m);
  entries.set(MANIFEST_NAME, Buffer.from(JSON.stringify(m)));
};

describe('restore refuses what it must not restore, and writes nothing', () => {
  const work = tempDir();
  const target = tempDir();
  const targetOf = () => ({
    database: { pgliteDir: path.join(target, 'db') },
    storage: new LocalStorage(path.join(target, 'files')),
  });
  const nothingWritten = () => {
    expect(fs.existsSync(path.join(target, 'db'))).toBe(false);
    const files = path.join(target, 'files');
    expect(fs.existsSync(files) ? fs.readdirSync(files).filter((f) => !f.startsWith('.')) : []).toEqual([]);
  };

  afterAll(() => {
    for (const d of [work, target]) fs.rmSync(d, { recursive: true, force: true });
  });

  const cases: Array<[string, () => Promise<string>, RegExp]> = [
    [
      'a file that is not an archive',
      async () => {
        const p = path.join(work, 'notes.tar');
        fs.writeFileSync(p, crypto.randomBytes(4096));
        return p;
      },
      /not a shop backup archive, or it is damaged/,
    ],
    [
      'an archive cut short',
      async () => {
        const p = path.join(work, 'cut.tar');
        const whole = fs.readFileSync(fixture.archive);
        fs.writeFileSync(p, whole.subarray(0, Math.floor(whole.length / 2)));
        return p;
      },
      /cut short/,
    ],
    [
      'a stored file changed after the backup',
      () =>
        rewritten(work, 'tampered-file.tar', (e) => {
          const key = [...e.keys()].find((k) => k.startsWith('files/') && k.endsWith('.pdf'))!;
          const data = Buffer.from(e.get(key)!);
          const at = Math.floor(data.length / 2);
          data[at] = data[at]! ^ 0xff;
          e.set(key, data);
        }),
      /does not match its checksum/,
    ],
    [
      'a database dump changed after the backup',
      () =>
        rewritten(work, 'tampered-dump.tar', (e) => {
          const data = Buffer.from(e.get('database.sql.gz')!);
          data[20] = data[20]! ^ 0x01;
          e.set('database.sql.gz', data);
        }),
      /database\.sql\.gz does not match its checksum/,
    ],
    [
      'a file added to the archive',
      () => rewritten(work, 'extra.tar', (e) => e.set('files/orders/9/extra.pdf', Buffer.from('%PDF-1.4 nothing'))),
      /does not list/,
    ],
    [
      'a file taken out of the archive',
      () => rewritten(work, 'missing.tar', (e) => e.delete([...e.keys()].find((k) => k.startsWith('files/'))!)),
      /is missing/,
    ],
    [
      'a manifest that is not JSON',
      () => rewritten(work, 'bad-manifest.tar', (e) => e.set(MANIFEST_NAME, Buffer.from('{ not json'))),
      /manifest\.json is damaged/,
    ],
    [
      'an archive of another program',
      () => rewritten(work, 'other.tar', (e) => editManifest(e, (m) => (m.format = 'something-else'))),
      /not a shop backup archive/,
    ],
    [
      'an archive from a newer version of the shop',
      () =>
        rewritten(work, 'newer.tar', (e) =>
          editManifest(e, (m) => {
            m.app.version = '9.0.0';
            m.database.lastMigration = { tag: '0099_future', when: 4102444800000 };
          }),
        ),
      /comes from version 9\.0\.0.*restore it with version 9\.0\.0 or a later one/,
    ],
    [
      'an unsafe file name in the manifest',
      () => rewritten(work, 'unsafe.tar', (e) => editManifest(e, (m) => (m.files[0].key = '../../etc/passwd'))),
      /unsafe name/,
    ],
  ];

  for (const [what, make, message] of cases) {
    it(`refuses ${what}`, async () => {
      const archive = await make();
      const attempt = restoreArchive(archive, targetOf());
      await expect(attempt).rejects.toBeInstanceOf(RestoreRefused);
      await expect(attempt).rejects.toThrow(message);
      nothingWritten();
    });
  }

  it('accepts the untouched archive (the checks above are not refusing everything)', async () => {
    const { manifest } = await checkArchive(fixture.archive);
    expect(manifest.counts.orders).toBe(fixture.counts.orders);
  });

  it('refuses a data folder that already holds a shop, and leaves it as it was', async () => {
    const busy = tempDir();
    try {
      fs.mkdirSync(path.join(busy, 'files', 'orders', '1'), { recursive: true });
      fs.writeFileSync(path.join(busy, 'files', 'orders', '1', 'kept.pdf'), '%PDF-1.4 kept');
      const attempt = restoreArchive(fixture.archive, {
        database: { pgliteDir: path.join(busy, 'db') },
        storage: new LocalStorage(path.join(busy, 'files')),
      });
      await expect(attempt).rejects.toThrow(/not empty: the files folder already holds files \(orders\/1\/kept\.pdf/);
      expect(fs.readdirSync(path.join(busy, 'files', 'orders'))).toEqual(['1']);
      expect(fs.existsSync(path.join(busy, 'db'))).toBe(false);
    } finally {
      fs.rmSync(busy, { recursive: true, force: true });
    }
  });
});
