import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as mupdf from 'mupdf';
import { COLOUR_DPI, pixelsHoldColour } from '../../src/modules/pdf/colour-pages.ts';

/**
 * The printer's view from another interpreter: Ghostscript's CMYK separation render (`pamcmyk32`, ICC colour, with
 * its own handling of separations, DeviceN and overprint, as a CMYK printer), judged by the shop's colour rule. The
 * render is made at three times the shop's resolution and averaged down to it (Ghostscript draws without
 * anti-aliasing into this device), then shown in RGB through mupdf's ICC profiles, so the rule sees the same scale.
 */

export const hasGhostscript = (() => {
  try {
    execFileSync('gs', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

const OVERSAMPLE = 3;

interface Pam {
  width: number;
  height: number;
  depth: number;
  data: Uint8Array;
}

function readPam(file: string): Pam {
  const bytes = fs.readFileSync(file);
  const end = bytes.indexOf('ENDHDR\n');
  const header = bytes.subarray(0, end).toString('latin1');
  const field = (name: string) => Number(new RegExp(`${name}\\s+(\\d+)`).exec(header)?.[1]);
  return { width: field('WIDTH'), height: field('HEIGHT'), depth: field('DEPTH'), data: bytes.subarray(end + 7) };
}

/** CMYK samples to RGB through mupdf's ICC profiles. */
function cmykToRgb(pam: Pam): Uint8Array {
  const pix = new mupdf.Pixmap(mupdf.ColorSpace.DeviceCMYK, [0, 0, pam.width, pam.height], false);
  try {
    pix.getPixels().set(pam.data.subarray(0, pam.width * pam.height * 4));
    const rgb = pix.convertToColorSpace(mupdf.ColorSpace.DeviceRGB);
    try {
      return new Uint8Array(rgb.getPixels());
    } finally {
      rgb.destroy();
    }
  } finally {
    pix.destroy();
  }
}

/** Averages `f`×`f` blocks of RGB pixels. */
function downsample(rgb: Uint8Array, width: number, height: number, f: number): Uint8Array {
  const w = Math.floor(width / f);
  const h = Math.floor(height / f);
  const out = new Uint8Array(w * h * 3);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++)
      for (let c = 0; c < 3; c++) {
        let sum = 0;
        for (let dy = 0; dy < f; dy++)
          for (let dx = 0; dx < f; dx++) sum += rgb[((y * f + dy) * width + x * f + dx) * 3 + c]!;
        out[(y * w + x) * 3 + c] = Math.round(sum / (f * f));
      }
  return out;
}

/** The 1-based pages Ghostscript's CMYK render of `file` holds colour on, by the shop's rule. */
export function ghostscriptColourPages(file: string): number[] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gs-colour-'));
  try {
    execFileSync(
      'gs',
      [
        '-q',
        '-dSAFER',
        '-dBATCH',
        '-dNOPAUSE',
        '-sDEVICE=pamcmyk32',
        `-r${COLOUR_DPI * OVERSAMPLE}`,
        `-sOutputFile=${path.join(dir, 'p%05d.pam')}`,
        file,
      ],
      { stdio: 'ignore' },
    );
    const pages = fs
      .readdirSync(dir)
      .filter((f) => f.endsWith('.pam'))
      .sort();
    const colour: number[] = [];
    pages.forEach((f, i) => {
      const pam = readPam(path.join(dir, f));
      const rgb = downsample(cmykToRgb(pam), pam.width, pam.height, OVERSAMPLE);
      if (pixelsHoldColour(rgb)) colour.push(i + 1);
    });
    return colour;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Ghostscript's `inkcov` device on `file`: per page, the share of the page each of C, M, Y and K touches. */
export function inkCoverage(file: string): Array<[number, number, number, number]> {
  const out = execFileSync('gs', ['-q', '-dSAFER', '-o', '-', '-sDEVICE=inkcov', file], { encoding: 'utf8' });
  return out
    .split('\n')
    .map((l) => l.trim().split(/\s+/).slice(0, 4).map(Number))
    .filter((v) => v.length === 4 && v.every(Number.isFinite)) as Array<[number, number, number, number]>;
}
