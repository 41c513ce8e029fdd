import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import * as mupdf from 'mupdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { officeToPdf, type OfficeOptions } from '../../src/modules/convert/office.ts';
import { sandboxStatus } from '../../src/modules/convert/sandbox.ts';
import { createCustomer } from '../factories/index.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { uploadPdf } from '../quotas/helpers.ts';
import { makePng } from './crafted-images.ts';
import { makeDocx, makeOdt, makePptx, makeXlsx } from './crafted-office.ts';

/**
 * Decision 030: LibreOffice fetched what a document links to (local files, another customer's file under
 * DATA_DIR, http://127.0.0.1) and inherited the server's secrets. Now the links are taken out before conversion and
 * LibreOffice runs in a bubblewrap sandbox (docs/decisions/030); each layer is tested on its own, with real
 * LibreOffice: nothing of the target appears in the PDF (its text, its red picture) and no connection arrives.
 */

const hasSoffice = (() => {
  try {
    execFileSync('soffice', ['--version'], { stdio: 'ignore', timeout: 60_000 });
    return true;
  } catch {
    return false;
  }
})();
const sandboxWorks = sandboxStatus('bwrap').usable;
const MB = 1024 * 1024;

/** Pixels of the target's pure red in the PDF, every page drawn at 36 dpi. */
function redPixels(pdf: Uint8Array): number {
  const doc = mupdf.Document.openDocument(pdf, 'application/pdf');
  let red = 0;
  for (let i = 0; i < doc.countPages(); i++) {
    const pix = doc.loadPage(i).toPixmap(mupdf.Matrix.scale(0.5, 0.5), mupdf.ColorSpace.DeviceRGB, false);
    const s = pix.getPixels();
    for (let p = 0; p < s.length; p += 3) if (s[p]! > 200 && s[p + 1]! < 60 && s[p + 2]! < 60) red++;
  }
  return red;
}
function pdfText(pdf: Uint8Array): string {
  const doc = mupdf.Document.openDocument(pdf, 'application/pdf');
  let text = '';
  for (let i = 0; i < doc.countPages(); i++) text += doc.loadPage(i).toStructuredText('preserve-whitespace').asText();
  return text;
}

const RED_PNG = makePng({ width: 120, height: 120, colourType: 2, fill: [255, 0, 0] });
const SECRET_TEXT = 'SECRET-OF-ANOTHER-CUSTOMER-4242';

describe.runIf(hasSoffice && sandboxWorks)('office files cannot reach outside themselves', () => {
  let app: TestApp & { dataDir: string };
  let listener: http.Server;
  let port = 0;
  let connections = 0;
  /** Another customer's picture and text, under DATA_DIR where the server keeps files. */
  let theirPicture = '';
  let theirText = '';
  const targets = () => [`file://${theirPicture}`, `http://127.0.0.1:${port}/x.png`, theirPicture];
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-sandbox-test-'));
  const opts = (over: Partial<OfficeOptions> = {}): OfficeOptions => ({
    soffice: 'soffice',
    sandbox: 'bwrap',
    timeoutMs: 120_000,
    memoryBytes: 768 * MB,
    hide: [app.dataDir],
    ...over,
  });

  beforeAll(async () => {
    app = await createTestApp();
    const dir = path.join(app.dataDir, 'files', 'orders', '7');
    fs.mkdirSync(dir, { recursive: true });
    theirPicture = path.join(dir, 'their-page.png');
    theirText = path.join(dir, 'their-notes.txt');
    fs.writeFileSync(theirPicture, RED_PNG);
    fs.writeFileSync(theirText, `${SECRET_TEXT}\n`);
    listener = http.createServer((_req, res) => {
      res.setHeader('content-type', 'image/png');
      res.end(RED_PNG);
    });
    listener.on('connection', () => connections++);
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    port = (listener.address() as { port: number }).port;
  });
  afterAll(async () => {
    await app?.close();
    await new Promise((r) => listener?.close(r));
    fs.rmSync(work, { recursive: true, force: true });
  });

  it('uploads: a DOCX, ODT, PPTX and XLSX linking to a local file, another customer’s file and 127.0.0.1 print without them', async () => {
    const c = await createCustomer(app);
    const files = {
      'report.docx': makeDocx({
        linkedImage: targets(),
        includeText: theirText,
        includePicture: `http://127.0.0.1:${port}/field.png`,
      }),
      'notes.odt': makeOdt({ linkedImage: targets(), linkedSection: `file://${theirText}` }),
      'slides.pptx': makePptx({ linkedImage: targets() }),
      'sheet.xlsx': makeXlsx({ linkedImage: targets(), webservice: `http://127.0.0.1:${port}/ws` }),
    };
    for (const [name, bytes] of Object.entries(files)) {
      const res = await uploadPdf(app, c.headers, bytes, name);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(201);
      expect(res.json().converted, name).toMatchObject({ linksRemoved: true });
      const pdf = new Uint8Array(
        (await app.inject({ method: 'GET', url: res.json().file.url, headers: c.headers })).rawPayload,
      );
      expect(pdfText(pdf), name).toContain('Hello from');
      expect(pdfText(pdf), name).not.toContain(SECRET_TEXT);
      expect(redPixels(pdf), name).toBe(0);
    }
    expect(connections).toBe(0);
  }, 600_000);

  it('the sandbox alone holds: the same files, links left in, converted in the sandbox fetch nothing', async () => {
    const before = connections;
    const cases: Array<[string, Buffer, 'docx' | 'odt']> = [
      ['docx', makeDocx({ linkedImage: targets(), includeText: theirText }), 'docx'],
      ['odt', makeOdt({ linkedImage: targets(), linkedSection: `file://${theirText}` }), 'odt'],
    ];
    for (const [label, bytes, format] of cases) {
      const input = path.join(work, `raw.${label}`);
      fs.writeFileSync(input, bytes);
      const made = await officeToPdf(input, format, 'sandbox-test', opts());
      const pdf = new Uint8Array(fs.readFileSync(made));
      fs.rmSync(path.dirname(path.dirname(made)), { recursive: true, force: true });
      expect(pdfText(pdf), label).toContain('Hello from');
      expect(redPixels(pdf), label).toBe(0);
      expect(pdfText(pdf), label).not.toContain(SECRET_TEXT);
    }
    expect(connections - before).toBe(0);
  }, 600_000);

  it('(control) without either layer the same DOCX does pull in the other customer’s picture and call 127.0.0.1', async () => {
    const before = connections;
    const input = path.join(work, 'raw-control.docx');
    fs.writeFileSync(input, makeDocx({ linkedImage: targets() }));
    const made = await officeToPdf(input, 'docx', 'sandbox-test', opts({ sandbox: 'off' }));
    const pdf = new Uint8Array(fs.readFileSync(made));
    fs.rmSync(path.dirname(path.dirname(made)), { recursive: true, force: true });
    expect(redPixels(pdf)).toBeGreaterThan(0);
    expect(connections - before).toBeGreaterThan(0);
  }, 300_000);
});

describe.runIf(sandboxWorks)('what LibreOffice’s process gets (a stand-in program reports it)', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-fake-soffice-'));
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-fake-data-'));
  const secretFile = path.join(dataDir, 'files', 'orders', '3', 'their.pdf');
  const fake = path.join(dir, 'soffice');
  let listener: http.Server;
  let connections = 0;
  let port = 0;
  const hostAddress = Object.values(os.networkInterfaces())
    .flat()
    .find((i) => i && i.family === 'IPv4' && !i.internal)?.address;

  beforeAll(async () => {
    fs.mkdirSync(path.dirname(secretFile), { recursive: true });
    fs.writeFileSync(secretFile, 'their document');
    listener = http.createServer((_q, res) => res.end('hello'));
    listener.on('connection', () => connections++);
    await new Promise<void>((resolve) => listener.listen(0, '0.0.0.0', resolve));
    port = (listener.address() as { port: number }).port;
    // Writes what it can see where LibreOffice writes its PDF.
    fs.writeFileSync(
      fake,
      `#!/bin/bash
out=; prev=
for a in "$@"; do [ "$prev" = --outdir ] && out="$a"; prev="$a"; done
mkdir -p "$HOME/profile"
{
  echo "ARGS $*"
  echo "ENV-BEGIN"; env | sort; echo "ENV-END"
  if cat ${JSON.stringify(secretFile)} >/dev/null 2>&1; then echo "DATA readable"; else echo "DATA hidden"; fi
  if ls ${JSON.stringify(dataDir)} >/dev/null 2>&1; then echo "DATADIR visible"; else echo "DATADIR hidden"; fi
  if [ -e /etc/passwd ] || [ -e /root ] || [ -e /home/${os.userInfo().username} ]; then echo "HOST visible"; else echo "HOST hidden"; fi
  if (exec 3<>/dev/tcp/127.0.0.1/${port}) 2>/dev/null; then echo "LOOPBACK connected"; else echo "LOOPBACK refused"; fi
  ${hostAddress ? `if (exec 3<>/dev/tcp/${hostAddress}/${port}) 2>/dev/null; then echo "HOST-NET connected"; else echo "HOST-NET refused"; fi` : 'echo "HOST-NET refused"'}
  echo "UID $(id -u)"
  if perl -e '$x = "a" x (900 * 1024 * 1024); print length($x)' >/dev/null 2>&1; then echo "MEMORY 900MB allocated"; else echo "MEMORY 900MB refused"; fi
  if head -c 600000000 /dev/zero > /tmp/big 2>/dev/null; then echo "FILE 600MB written"; else echo "FILE 600MB refused"; fi
  rm -f /tmp/big
  echo "TMP $(ls -A /tmp | tr '\\n' ' ')"
} > "$out/document.pdf"
`,
      { mode: 0o755 },
    );
  });
  afterAll(async () => {
    await new Promise((r) => listener?.close(r));
    fs.rmSync(dir, { recursive: true, force: true });
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const report = async (
    sandbox: 'bwrap' | 'off',
    format: 'docx' | 'doc' | 'odt' | 'pptx' | 'xlsx' = 'docx',
    memoryBytes = 512 * MB,
  ) => {
    const input = path.join(dir, 'input');
    fs.writeFileSync(input, 'document');
    const made = await officeToPdf(input, format, 'env-test', {
      soffice: fake,
      sandbox,
      timeoutMs: 60_000,
      memoryBytes,
      hide: [dataDir],
    });
    const text = fs.readFileSync(made, 'utf8');
    fs.rmSync(path.dirname(path.dirname(made)), { recursive: true, force: true });
    return text;
  };

  it('in the sandbox: a minimal environment (no secret), no network, none of the server’s files, nobody, empty /tmp', async () => {
    process.env.SHOP_TEST_SECRET = 'sk_live_do_not_leak_7f3a';
    try {
      const seen = await report('bwrap');
      const env = seen
        .slice(seen.indexOf('ENV-BEGIN') + 10, seen.indexOf('ENV-END'))
        .trim()
        .split('\n');
      const names = env.map((l) => l.split('=')[0]);
      expect(
        names.filter(
          (n) =>
            ![
              'PATH',
              'HOME',
              'TMPDIR',
              'LANG',
              'SAL_USE_VCLPLUGIN',
              'MALLOC_ARENA_MAX',
              'PWD',
              'SHLVL',
              '_',
              'OLDPWD',
            ].includes(n!),
        ),
      ).toEqual([]);
      expect(seen).not.toContain('sk_live_do_not_leak_7f3a');
      expect(seen).toContain('DATA hidden');
      expect(seen).toContain('DATADIR hidden');
      expect(seen).toContain('HOST hidden');
      expect(seen).toContain('LOOPBACK refused');
      expect(seen).toContain('HOST-NET refused');
      expect(seen).toContain('UID 65534');
      // Its own empty temp folder (the stand-in's own folder is bound into it to be run at all).
      expect(seen).toMatch(new RegExp(`^TMP (${path.basename(dir)} )?$`, 'm'));
      expect(connections).toBe(0);
    } finally {
      delete process.env.SHOP_TEST_SECRET;
    }
  });

  it('without the sandbox (SOFFICE_SANDBOX=off) it still gets only the minimal environment', async () => {
    process.env.SHOP_TEST_SECRET = 'sk_live_do_not_leak_7f3a';
    try {
      const seen = await report('off');
      expect(seen).not.toContain('sk_live_do_not_leak_7f3a');
      expect(seen).toContain('PATH=/usr/bin:/bin');
    } finally {
      delete process.env.SHOP_TEST_SECRET;
    }
  });

  it('a conversion cannot take more memory than SOFFICE_MEMORY_MB, nor write a file past its output cap (decision 031)', async () => {
    const capped = await report('bwrap', 'docx', 512 * MB);
    expect(capped).toContain('MEMORY 900MB refused');
    expect(capped).toContain('FILE 600MB refused');
    // The same program with room enough allocates it: the cap, not the program, refused.
    expect(await report('bwrap', 'docx', 2048 * MB)).toContain('MEMORY 900MB allocated');
    // Without the sandbox the caps hold the same.
    expect(await report('off', 'docx', 512 * MB)).toContain('MEMORY 900MB refused');
  });

  it('LibreOffice is told the import filter of the type the shop recognised (decision 030)', async () => {
    const filters = {
      docx: 'MS Word 2007 XML',
      doc: 'MS Word 97',
      odt: 'writer8',
      pptx: 'Impress MS PowerPoint 2007 XML',
      xlsx: 'Calc MS Excel 2007 XML',
    } as const;
    for (const [format, filter] of Object.entries(filters))
      expect(await report('bwrap', format as keyof typeof filters)).toContain(`--infilter=${filter} `);
  });
});

// Where CI installs both (.ci/run sets REQUIRE_LIBREOFFICE), their absence fails instead of skipping the tests above.
it.runIf(!!process.env.REQUIRE_LIBREOFFICE)('LibreOffice and its sandbox are here', () => {
  expect(hasSoffice, 'LibreOffice should be installed here (.ci/run installs it)').toBe(true);
  expect(sandboxStatus('bwrap'), 'bubblewrap should run here (.ci/run installs it)').toMatchObject({ usable: true });
});

describe('where bubblewrap is missing or cannot run', () => {
  it('office files are not taken, and the reason is kept for the start log', () => {
    expect(sandboxStatus('bwrap', '/nonexistent/bwrap')).toMatchObject({
      usable: false,
      reason: expect.stringContaining('not installed'),
    });
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-fake-bwrap-'));
    const broken = path.join(dir, 'bwrap');
    fs.writeFileSync(broken, '#!/bin/sh\necho "bwrap: setting up uid map: Permission denied" >&2\nexit 1\n', {
      mode: 0o755,
    });
    expect(sandboxStatus('bwrap', broken)).toEqual({
      usable: false,
      mode: 'bwrap',
      reason: 'bwrap: setting up uid map: Permission denied',
    });
    // Converting without it is a choice someone makes explicitly.
    expect(sandboxStatus('off', '/nonexistent/bwrap').usable).toBe(true);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
