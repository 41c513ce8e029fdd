import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { GLOSSARY, glossaryProblems } from '@shop/shared/i18n/glossary';

/**
 * The Telugu glossary (shared/src/i18n/glossary.ts) holds everywhere the shop writes Telugu: the web app's catalogues,
 * the shared words, the server's answers, mails and bill, the print agent, and the journeys that read them. Every
 * source file is read as text, so a Telugu string added anywhere (a catalogue, a default, a comment) is judged too.
 */
const ROOT = path.resolve(import.meta.dirname, '../../..');
const TREES = ['shared/src', 'server/src', 'web/src', 'print-agent/src', 'e2e', 'scripts'];
const TELUGU = /[\u0C00-\u0C7F]/;

function sourceFiles(dir: string, out: string[] = []): string[] {
  if (!fs.existsSync(dir)) return out;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && entry.name !== 'dist') sourceFiles(full, out);
    } else if (
      /\.(ts|tsx|html)$/.test(entry.name) &&
      !/\.test\.tsx?$/.test(entry.name) &&
      entry.name !== 'glossary.ts'
    ) {
      out.push(full);
    }
  }
  return out;
}

describe('Telugu glossary', () => {
  it('its own Telugu forms follow it', () => {
    for (const entry of GLOSSARY)
      expect(
        glossaryProblems(entry.te).map((p) => p.found),
        entry.en,
      ).toEqual([]);
  });

  it.each([
    ['మీ ఖాతా తెరిచాం', 'ఖాతా'],
    ['మళ్లీ ప్రయత్నించండి', 'ళ్ల'],
    ['తెల్ల కాగితం 70 GSM', 'కాగిత'],
    ['పన్ను ఇన్వాయిస్', 'పన్ను ఇన్'],
    ['టాక్స్ ఇన్‌వాయిస్', 'టాక్స్'],
    ['బిజినెస్ బిల్ కోసం', 'బిజినెస్'],
    ['ఆర్డర్ దాచండి', 'దాచ'],
    ['పికప్‌కు సిద్ధంగా ఉంది', 'సిద్ధ'],
    ['మీ అకౌంట్ విజయవంతంగా తెరవబడింది.', 'బడింది'],
    ['PDF, JPG మరియు PNG', 'మరియు'],
    ['ID కార్డు', 'కార్డు'],
  ])('flags %s', (text, found) => {
    expect(
      glossaryProblems(text)
        .map((p) => p.found)
        .join(' '),
    ).toContain(found);
  });

  it.each([
    'పాస్‌వర్డ్ దాచు',
    'GST బిల్లు',
    'బిల్ ఆఫ్ సప్లై',
    'ID కార్డులు',
    'ట్యాక్స్ ఇన్‌వాయిస్',
    'బడ్జెట్',
    'మళ్ళీ సేవ్ చేయండి',
  ])('lets %s be', (text) => {
    expect(glossaryProblems(text)).toEqual([]);
  });

  it('every Telugu text in the shop follows it (web, shared, server answers, mails, bill)', () => {
    const files = TREES.flatMap((t) => sourceFiles(path.join(ROOT, t)));
    expect(files.length).toBeGreaterThan(100);
    const problems: string[] = [];
    let teluguLines = 0;
    for (const file of files) {
      const lines = fs.readFileSync(file, 'utf8').split('\n');
      lines.forEach((line, i) => {
        if (!TELUGU.test(line)) return;
        teluguLines++;
        for (const p of glossaryProblems(line))
          problems.push(
            `${path.relative(ROOT, file)}:${i + 1}: "${p.found}" — glossary: ${p.entry.en} = ${p.entry.te}`,
          );
      });
    }
    expect(teluguLines).toBeGreaterThan(500);
    expect(problems).toEqual([]);
  });
});
