import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { median, type Row } from './support.ts';

/**
 * Colour pages (decisions 016 and 032): the shop's detection of every page of a file, drawn as
 * printed (overprint simulated on the pages that set it), against Ghostscript's
 * `inkcov` device on the same file, side by side in the same run, median of 3 each. Ours runs in its own process with
 * the server's V8 flags (bench/colour-read.ts), as the PDF worker would.
 */
export function benchColour(root: string, v8Flags: string[], files: Array<{ label: string; file: string }>): Row[] {
  return files.map(({ label, file }) => {
    const ours = JSON.parse(
      execFileSync(
        process.execPath,
        [...v8Flags, '--import', 'tsx', path.join(root, 'bench/colour-read.ts'), file, '3'],
        { cwd: root, encoding: 'utf8', maxBuffer: 1 << 20 },
      ),
    ) as { pages: number; colourPages: number; ms: number[] };
    const theirs: number[] = [];
    execFileSync('gs', ['-q', '-o', '-', '-sDEVICE=inkcov', file], { stdio: 'ignore' });
    for (let i = 0; i < 3; i++) {
      const t = performance.now();
      execFileSync('gs', ['-q', '-o', '-', '-sDEVICE=inkcov', file], { stdio: 'ignore', maxBuffer: 64 << 20 });
      theirs.push(performance.now() - t);
    }
    const ratio = median(ours.ms) / median(theirs);
    return {
      measure: `Colour pages of every page of ${label} (${ours.pages} pages, ${ours.colourPages} in colour) vs Ghostscript inkcov`,
      result: `${median(ours.ms).toFixed(0)} ms vs ${median(theirs).toFixed(0)} ms (${ratio.toFixed(2)}×)`,
      target: '≤ 1×',
      pass: ratio <= 1,
    };
  });
}
