import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, PLAYWRIGHT_DISABLED_FEATURES } from '../../../scripts/chromium.ts';

/**
 * The browsers of the journeys and the bench turn off features of their own with one `--disable-features`, which
 * replaces Playwright's (Chromium reads the last one): every feature the installed Playwright turns off is in ours.
 */
describe("Chromium's flags", () => {
  it('keep every feature Playwright turns off turned off, with ours', () => {
    const core = path.dirname(createRequire(import.meta.url).resolve('playwright-core/package.json'));
    const bundle = fs.readFileSync(path.join(core, 'lib/coreBundle.js'), 'utf8');
    const list = /disabledFeatures = \[([\s\S]*?)\]\.filter\(Boolean\)/.exec(bundle);
    expect(list, "playwright-core's list of disabled features was not found").not.toBeNull();
    const theirs = [...list![1]!.replace(/\/\/.*$/gm, '').matchAll(/"([A-Za-z]+)"/g)].map((m) => m[1]);
    expect(theirs.length).toBeGreaterThan(5);
    expect(PLAYWRIGHT_DISABLED_FEATURES).toEqual(expect.arrayContaining(theirs));
    const ours = CHROMIUM_ARGS.filter((a) => a.startsWith('--disable-features='));
    expect(ours).toHaveLength(1);
    const disabled = ours[0]!.slice('--disable-features='.length).split(',');
    expect(disabled).toEqual(expect.arrayContaining([...theirs, 'WebUIOmniboxPopup', 'WebUIOmniboxAimPopup']));
  });
});
