import { spawn } from 'node:child_process';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { FORMAT_MESSAGES } from '@shop/shared/files/formats';
import { ConvertError } from './convert-error.ts';

/** Conversions at once (each LibreOffice takes a core and ~200 MB), and how many may wait for one. */
const RUNNING_MAX = 1;
const WAITING_MAX = 6;

let running = 0;
const waiting: Array<() => void> = [];

async function slot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= RUNNING_MAX) {
    if (waiting.length >= WAITING_MAX) throw new ConvertError('convert_busy', FORMAT_MESSAGES.busy, 503);
    await new Promise<void>((resolve) => waiting.push(resolve));
  }
  running++;
  try {
    return await work();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

const found = new Map<string, boolean>();
/** Whether LibreOffice can be run from `soffice` (a path, or a name looked up on PATH). */
export function officeAvailable(soffice: string): boolean {
  const hit = found.get(soffice);
  if (hit !== undefined) return hit;
  const candidates = soffice.includes('/') ? [soffice] : (process.env.PATH ?? '').split(path.delimiter).map((d) => path.join(d, soffice));
  const ok = candidates.some((c) => {
    try {
      fs.accessSync(c, fs.constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
  found.set(soffice, ok);
  return ok;
}

/**
 * LibreOffice's profile (and HOME, where fontconfig keeps its cache) for this server process: made by the first
 * conversion and kept for the next ones, which run one at a time (slot above), so each one no longer pays for a new
 * profile and font cache (about a second, a quarter of a one-page résumé's conversion here; bench row "DOCX
 * conversion"). Thrown away after a conversion that failed or was stopped, in case it left the profile broken.
 */
const profileRoot = path.join(os.tmpdir(), `shop-soffice-${process.pid}`);
const dropProfile = () => fs.rmSync(profileRoot, { recursive: true, force: true });
let cleanupHooked = false;

/**
 * A Word, OpenDocument, PowerPoint or Excel file made into a PDF by LibreOffice (docs/decisions/017): its own
 * process with this server's own profile folder (never another server copy's), no network and no macros, stopped
 * (the whole process group) after `timeoutMs`; one at a time, a few waiting, the rest told to come back.
 */
export async function officeToPdf(input: string, soffice: string, timeoutMs: number): Promise<string> {
  return slot(async () => {
    if (!cleanupHooked) {
      cleanupHooked = true;
      process.once('exit', dropProfile);
    }
    const work = await fsp.mkdtemp(path.join(os.tmpdir(), 'shop-convert-'));
    await fsp.mkdir(profileRoot, { recursive: true });
    const source = path.join(work, 'document');
    await fsp.copyFile(input, source);
    const args = [
      `-env:UserInstallation=file://${path.join(profileRoot, 'profile')}`,
      '--headless',
      '--norestore',
      '--nologo',
      '--nodefault',
      '--nolockcheck',
      '--convert-to',
      'pdf',
      '--outdir',
      work,
      source,
    ];
    const child = spawn(soffice, args, { detached: true, stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, HOME: profileRoot } });
    let stderr = '';
    child.stderr?.on('data', (d: Buffer) => {
      if (stderr.length < 4000) stderr += d.toString();
    });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
    }, timeoutMs);
    const code = await new Promise<number | null>((resolve) => {
      child.on('error', () => resolve(-1));
      child.on('close', (c) => resolve(c));
    });
    clearTimeout(timer);
    const output = path.join(work, 'document.pdf');
    const made = await fsp.stat(output).then((s) => s.size > 0, () => false);
    if (timedOut) {
      dropProfile();
      await fsp.rm(work, { recursive: true, force: true });
      throw new ConvertError('convert_timeout', FORMAT_MESSAGES.tooSlow);
    }
    if (code !== 0 || !made) {
      dropProfile();
      await fsp.rm(work, { recursive: true, force: true });
      // LibreOffice says little; a password-protected file ends here too (headless, it cannot ask for the password).
      throw new ConvertError('convert_broken', /password/i.test(stderr) ? FORMAT_MESSAGES.password : FORMAT_MESSAGES.broken);
    }
    return output;
  });
}
