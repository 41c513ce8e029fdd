/**
 * npm run make:telugu-font: the Telugu font the shop serves (docs/decisions/027-telugu.md).
 * Noto Sans Telugu (SIL OFL 1.1, Debian's fonts-noto-core) cut to the characters Telugu text uses, as woff2:
 * the Telugu block, ZWNJ/ZWJ (they steer conjuncts), the dandas and the dotted circle HarfBuzz shows for a lone
 * vowel sign. Layout tables stay whole (conjuncts, vowel signs and their positions come from GSUB/GPOS), so every
 * form the shaper can reach from these characters is kept. web/src/styles/index.css declares the same range, so a
 * browser fetches the font only when Telugu characters are on screen. Licence: web/src/assets/fonts/OFL.txt.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import subsetFont from 'subset-font';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SOURCE_DIR = process.env.NOTO_DIR ?? '/usr/share/fonts/truetype/noto';
const OUT_DIR = path.join(ROOT, 'web/src/assets/fonts');

/** Keep in step with the unicode-range of the @font-face rules in web/src/styles/index.css. */
export const TELUGU_RANGES: Array<[number, number]> = [
  [0x0c00, 0x0c7f], // Telugu
  [0x0964, 0x0965], // danda, double danda
  [0x200c, 0x200d], // ZWNJ, ZWJ
  [0x25cc, 0x25cc], // dotted circle
];

function characters(): string {
  let text = '';
  for (const [from, to] of TELUGU_RANGES) for (let c = from; c <= to; c++) text += String.fromCodePoint(c);
  return text;
}

async function main() {
  fs.mkdirSync(OUT_DIR, { recursive: true });
  for (const [weight, name] of [
    [400, 'Regular'],
    [700, 'Bold'],
  ] as const) {
    const source = path.join(SOURCE_DIR, `NotoSansTelugu-${name}.ttf`);
    if (!fs.existsSync(source))
      throw new Error(`${source} is missing: apt-get install fonts-noto-core (or set NOTO_DIR)`);
    const font = fs.readFileSync(source);
    // Without hinting instructions: phones ignore them, and they are 40 % of the file (50 KB → 30 KB).
    const woff2 = await subsetFont(font, characters(), { targetFormat: 'woff2', noHinting: true });
    const out = path.join(OUT_DIR, `noto-sans-telugu-${weight}.woff2`);
    fs.writeFileSync(out, woff2);
    console.log(
      `${path.relative(ROOT, out)}: ${(woff2.length / 1024).toFixed(1)} KB (from ${(font.length / 1024).toFixed(0)} KB)`,
    );
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
