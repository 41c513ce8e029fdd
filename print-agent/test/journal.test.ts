import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Journal } from '../src/journal.ts';
import { parsePrinterMap } from '../src/printer-map.ts';

const tmpFile = () => path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'agent-journal-')), 'journal.jsonl');

describe('the agent journal', () => {
  it('remembers across a restart what CUPS may have, and forgets what the server has acknowledged', () => {
    const file = tmpFile();
    const a = new Journal(file);
    a.record('1.1.1', 'HP', 'submitting');
    a.record('2.1.1', 'HP', 'submitting');
    a.record('2.1.1', 'HP', 'submitted', 41);
    a.record('3.1.1', 'HP', 'submitted', 42);
    a.record('3.1.1', 'HP', 'done');
    a.close();
    const b = new Journal(file);
    expect(b.unfinished().map((e) => [e.key, e.event, e.cupsJobId])).toEqual([
      ['1.1.1', 'submitting', undefined],
      ['2.1.1', 'submitted', 41],
    ]);
    // A finished job keeps its CUPS id (a late duplicate delivery is recognised).
    expect(b.get('3.1.1')).toMatchObject({ event: 'done', cupsJobId: 42 });
    b.close();
  });

  it('survives a line cut short by a crash mid-write', () => {
    const file = tmpFile();
    const a = new Journal(file);
    a.record('7.1.1', 'HP', 'submitted', 9);
    a.close();
    fs.appendFileSync(file, '{"key":"8.1.1","queue":"HP","ev');
    const b = new Journal(file);
    expect(b.unfinished().map((e) => e.key)).toEqual(['7.1.1']);
    b.record('8.1.1', 'HP', 'submitting');
    b.close();
    expect(new Journal(file).get('8.1.1')?.event).toBe('submitting');
  });

  it('is readable by its owner only (it names the shop’s jobs)', () => {
    const file = tmpFile();
    new Journal(file).close();
    expect(fs.statSync(file).mode & 0o077).toBe(0);
  });
});

describe('--printers', () => {
  it('reads queues with optional roles', () => {
    expect(parsePrinterMap('HP_LaserJet=bw_a4, Epson_L3250=color_a4,Office')).toEqual([
      { queue: 'HP_LaserJet', role: 'bw_a4' },
      { queue: 'Epson_L3250', role: 'color_a4' },
      { queue: 'Office' },
    ]);
  });
  it.each([
    ['HP=colour', /not a printer role/],
    ['HP=bw_a4=x', /QUEUE=ROLE/],
    ['my printer', /QUEUE=ROLE/],
  ])('refuses %s', (text, message) => {
    expect(() => parsePrinterMap(text)).toThrow(message);
  });
});
