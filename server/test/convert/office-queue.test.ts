import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { QUOTA_MESSAGES } from '@shop/shared/quotas/limits';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { officeLoad } from '../../src/modules/convert/office.ts';
import { createCustomer } from '../factories/index.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { until } from '../helpers/until.ts';
import { multipartBody } from '../pdf/multipart.ts';
import { uploadPdf } from '../quotas/helpers.ts';
import { makeDocx } from './crafted-office.ts';

/**
 * Decision 031: one shared queue let two accounts with three slow files each fill every slot (a third
 * customer's small DOCX waited over 120 s, a fourth got 503), and conversions went on after the customer left.
 * Now each customer has at most one conversion running, customers take turns on two slots, and an abandoned upload
 * stops its conversion. A stand-in for LibreOffice (without the sandbox, so it can report to this test) holds each
 * document until the test releases it.
 */

const PDF = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/pdfs/landscape-a4.pdf');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-queue-'));
const log = path.join(dir, 'log');
const release = path.join(dir, 'release');
const soffice = path.join(dir, 'soffice');

/** Lines the stand-in wrote: `start <label> <pid>`, `end <label>`. */
const lines = () => (fs.existsSync(log) ? fs.readFileSync(log, 'utf8').trim().split('\n').filter(Boolean) : []);
const started = () =>
  lines()
    .filter((l) => l.startsWith('start '))
    .map((l) => l.split(' ')[1]!);
const pidOf = (label: string) =>
  Number(
    lines()
      .find((l) => l.startsWith(`start ${label} `))
      ?.split(' ')[2],
  );
const releaseDoc = (label: string) => fs.writeFileSync(path.join(release, label), '');
const releaseAll = () => fs.writeFileSync(path.join(release, 'all'), '');
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
/** Waits for a state of the shop (the stand-in's log, a process); a failure says what was converting then. */
const untilState = (what: string, check: () => boolean) =>
  until(check, () => `${what} (conversions: ${JSON.stringify(officeLoad())}, log: ${lines().join(' / ')})`, 60_000);
const doc = (label: string) => makeDocx({ text: `Document ${label}`, label });
/** Every upload a test starts, settled before the next test begins. */
const pending: Array<Promise<unknown>> = [];
const track = <T>(p: Promise<T>) => {
  pending.push(p);
  return p;
};

describe('office conversions: a fair share per customer, stopped when abandoned', () => {
  let app: TestApp;
  let base = '';
  beforeAll(async () => {
    fs.mkdirSync(release, { recursive: true });
    fs.writeFileSync(
      soffice,
      `#!/bin/bash
in="\${@: -1}"
out=; prev=
for a in "$@"; do [ "$prev" = --outdir ] && out="$a"; prev="$a"; done
label=$(grep -a -o 'LABEL:[A-Za-z0-9]*;' "$in" | head -n1 | sed 's/LABEL:\\(.*\\);/\\1/')
[ -z "$label" ] && { cp ${JSON.stringify(PDF)} "$out/document.pdf"; exit 0; }
echo "start $label $$" >> ${JSON.stringify(log)}
while [ ! -e ${JSON.stringify(release)}/"$label" ] && [ ! -e ${JSON.stringify(release)}/all ]; do sleep 0.05; done
echo "end $label" >> ${JSON.stringify(log)}
cp ${JSON.stringify(PDF)} "$out/document.pdf"
`,
      { mode: 0o755 },
    );
    app = await createTestApp({
      env: { SOFFICE_PATH: soffice, SOFFICE_SANDBOX: 'off', CONVERT_TIMEOUT_SECONDS: '120' },
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  });
  afterEach(async () => {
    releaseAll();
    // Every upload of the test has been answered before the next begins.
    await Promise.allSettled(pending.splice(0));
    fs.rmSync(log, { force: true });
    fs.rmSync(release, { recursive: true, force: true });
    fs.mkdirSync(release, { recursive: true });
  });
  afterAll(async () => {
    releaseAll();
    await app?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('a customer with three documents converting never holds up another customer’s one', async () => {
    const [a, b] = [await createCustomer(app), await createCustomer(app)];
    const aUploads = ['A1', 'A2', 'A3'].map((l) => track(uploadPdf(app, a.headers, doc(l), `${l}.docx`)));
    // Whichever of A's three finished arriving first converts; the other two wait their turn.
    const mine = ['A1', 'A2', 'A3'];
    await untilState(
      'one of A1-A3 converting, two waiting',
      () => started().some((l) => mine.includes(l)) && officeLoad().waiting === 2,
    );
    const firstA = started()[0]!;
    const bUpload = track(uploadPdf(app, b.headers, doc('B1'), 'B1.docx'));
    // B's document starts while A's first is still converting and A's others wait their turn.
    await untilState('B1 converting', () => started().includes('B1'));
    expect(started()).toEqual([firstA, 'B1']);
    releaseDoc('B1');
    expect((await bUpload).statusCode).toBe(201);
    releaseAll();
    expect((await Promise.all(aUploads)).map((r) => r.statusCode)).toEqual([201, 201, 201]);
    // A's other two follow (in the order their uploads finished arriving).
    expect(started().slice(0, 2)).toEqual([firstA, 'B1']);
    expect([...started()].sort()).toEqual(['A1', 'A2', 'A3', 'B1']);
  });

  it('a customer with more documents waiting than their share is told to wait for them (429), others are not', async () => {
    const [a, b] = [await createCustomer(app), await createCustomer(app)];
    const first = ['Q1', 'Q2', 'Q3'].map((l) => track(uploadPdf(app, a.headers, doc(l), `${l}.docx`)));
    // Whichever of the three finished arriving first converts; the other two wait for it.
    await untilState(
      'one of Q1-Q3 converting, two waiting',
      () => started().some((l) => ['Q1', 'Q2', 'Q3'].includes(l)) && officeLoad().waiting === 2,
    );
    // Three uploads in progress are a customer's share (one converting, two waiting; quotas, decision 012).
    const tooMany = await uploadPdf(app, a.headers, doc('Q4'), 'Q4.docx');
    expect(tooMany.statusCode, tooMany.body).toBe(429);
    expect(tooMany.json()).toMatchObject({ code: 'uploads_in_progress', message: QUOTA_MESSAGES.uploadsInProgress() });
    const other = track(uploadPdf(app, b.headers, doc('R1'), 'R1.docx'));
    await untilState('R1 converting', () => started().includes('R1'));
    releaseAll();
    expect((await other).statusCode).toBe(201);
    expect((await Promise.all(first)).map((r) => r.statusCode)).toEqual([201, 201, 201]);
    expect(started()).not.toContain('Q4');
  });

  /** An upload over a real connection, which the test can drop as a closed browser tab does. */
  async function abandonable(token: string, label: string) {
    const body = await multipartBody(doc(label), `${label}.docx`);
    const req = http.request(`${base}/api/pdf/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, ...body.headers, 'content-length': String(body.payload.length) },
    });
    req.on('error', () => {});
    const answered = new Promise<number>((resolve) => req.on('response', (res) => resolve(res.statusCode!)));
    req.end(body.payload);
    return { abandon: () => req.destroy(), answered };
  }

  it('closing the page stops the conversion: LibreOffice is killed, not left running to its time limit', async () => {
    const a = await createCustomer(app);
    const upload = await abandonable(a.token, 'C1');
    await untilState('C1 converting', () => started().includes('C1'));
    const pid = pidOf('C1');
    expect(alive(pid)).toBe(true);
    upload.abandon();
    await untilState('C1 stopped', () => !alive(pid));
    expect(lines()).not.toContain('end C1');
  });

  it('a document still waiting its turn when the page closes is never converted', async () => {
    const a = await createCustomer(app);
    const first = track(uploadPdf(app, a.headers, doc('W1'), 'W1.docx'));
    await untilState('W1 converting', () => started().includes('W1'));
    const waiting = await abandonable(a.token, 'W2');
    // W2 is past its upload and check, waiting behind W1 for its turn.
    await untilState('W2 waiting', () => officeLoad().waiting === 1);
    waiting.abandon();
    await untilState('W2 given up', () => officeLoad().waiting === 0);
    const after = track(uploadPdf(app, a.headers, doc('W3'), 'W3.docx'));
    releaseDoc('W1');
    await untilState('W3 converting', () => started().includes('W3'));
    releaseAll();
    expect((await first).statusCode).toBe(201);
    expect((await after).statusCode).toBe(201);
    expect(started()).toEqual(['W1', 'W3']);
  });
});
