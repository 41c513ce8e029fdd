import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client.ts';
import { LocalStorage } from '../../src/modules/storage/local-storage.ts';
import { REPO_ROOT } from '../faults-payments/server-process.ts';
import { emptyPostgres, fileHashes, releaseFixtures, snapshotDatabase, tempDir } from './shop.ts';

/**
 * npm run restore, backup, doctor and db:migrate as a shop's machine runs them: server/run-cli.mjs builds the tools'
 * bundles when missing and runs them under plain Node (decision 049). Every run loads a guard that fails it if
 * anything of tsx is loaded, so the tools work where the dev packages were never installed. The backup the bundled
 * tool writes restores (on PostgreSQL when TEST_DATABASE_URL is set) to the same rows and files.
 */
const fixture = releaseFixtures()[0]!;
const outdir = `.dist-tools-${process.pid}`;

describe('the bundled backup, restore, doctor and migrate tools', () => {
  const work = tempDir('shop-tools-');
  const shopDir = path.join(work, 'shop');
  let env: Record<string, string>;

  function runTool(tool: string, args: string[], extra: Record<string, string> = {}) {
    return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
      execFile(
        process.execPath,
        [path.join(REPO_ROOT, 'server/run-cli.mjs'), tool, ...args],
        { cwd: REPO_ROOT, env: { ...env, ...extra }, timeout: 240_000 },
        (err, stdout, stderr) => resolve({ code: err ? Number(err.code ?? 1) : 0, stdout, stderr }),
      );
    });
  }

  beforeAll(() => {
    const hooks = path.join(work, 'no-tsx-hooks.mjs');
    fs.writeFileSync(
      hooks,
      `export async function resolve(specifier, context, next) {
  const found = await next(specifier, context);
  if (/[\\\\/]node_modules[\\\\/]tsx[\\\\/]/.test(found.url)) throw new Error('tsx loaded at run time: ' + specifier);
  return found;
}
`,
    );
    const guard = path.join(work, 'no-tsx.mjs');
    fs.writeFileSync(
      guard,
      `import { register } from 'node:module';\nregister(${JSON.stringify(pathToFileURL(hooks).href)});\n`,
    );
    env = {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: work,
      NODE_ENV: 'test',
      // Children (PGlite's first-start initialisation) inherit the guard.
      NODE_OPTIONS: `--import=${pathToFileURL(guard).href}`,
      SERVER_BUILD_OUTDIR: outdir,
      DATA_DIR: shopDir,
      PUBLIC_URL: 'http://shop.test',
      PAYMENTS_PROVIDER: 'sandbox',
      BACKUP_HOUR: 'off',
    };
  });
  afterAll(() => {
    fs.rmSync(work, { recursive: true, force: true });
    fs.rmSync(path.join(REPO_ROOT, 'server', outdir), { recursive: true, force: true });
  });

  it('the guard fails a run that loads tsx', async () => {
    const loaded = await new Promise<string>((resolve) =>
      execFile(process.execPath, ['--import', 'tsx', '-e', '1'], { cwd: REPO_ROOT, env }, (err, _o, stderr) =>
        resolve(err ? stderr : 'ran'),
      ),
    );
    expect(loaded).toContain('tsx loaded at run time');
  });

  it('restores a release archive into an empty data folder, building the tools first', async () => {
    const run = await runTool('restore', [fixture.archive]);
    expect(run.stderr).not.toContain('tsx');
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(`Restored the shop as it was on`);
    expect(run.stdout).toContain(`${fixture.counts.orders} orders`);
    expect(fs.existsSync(path.join(REPO_ROOT, 'server', outdir, 'restore.js'))).toBe(true);
  }, 240_000);

  it('refuses to restore over the shop it restored, and says so', async () => {
    const run = await runTool('restore', [fixture.archive]);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/Refused: the target is not empty: .*already holds a database/);
  });

  it('brings the database up to date and checks the shop (db:migrate, doctor)', async () => {
    const migrate = await runTool('db-migrate', []);
    expect(migrate.code, migrate.stderr).toBe(0);
    expect(migrate.stdout).toContain('migrations applied');
    const doctor = await runTool('doctor', []);
    expect(doctor.code, doctor.stdout + doctor.stderr).toBe(0);
    expect(doctor.stdout).toMatch(/✓ database: embedded PGlite/);
    expect(doctor.stdout).toMatch(/✓ storage: files in/);
  });

  it('backs the shop up, and the archive restores to the same rows and files', async () => {
    const to = path.join(work, 'archives');
    const backup = await runTool('backup', ['--to', to]);
    expect(backup.code, backup.stderr).toBe(0);
    expect(backup.stdout).toMatch(/^Backup written: /);
    const [archive] = fs.readdirSync(to).filter((f) => f.endsWith('.tar'));
    expect(archive).toBeDefined();

    const target = path.join(work, 'target');
    const postgres = process.env.TEST_DATABASE_URL ? await emptyPostgres() : undefined;
    try {
      const restore = await runTool('restore', [path.join(to, archive!)], {
        DATA_DIR: target,
        ...(postgres ? { DATABASE_URL: postgres.url } : {}),
      });
      expect(restore.code, restore.stderr).toBe(0);
      const source = await openDatabase({ pgliteDir: path.join(shopDir, 'db') });
      const restored = await openDatabase(postgres ? { url: postgres.url } : { pgliteDir: path.join(target, 'db') });
      try {
        expect(await snapshotDatabase(restored)).toEqual(await snapshotDatabase(source));
      } finally {
        await source.close();
        await restored.close();
      }
      expect(await fileHashes(new LocalStorage(path.join(target, 'files')))).toEqual(
        await fileHashes(new LocalStorage(path.join(shopDir, 'files'))),
      );
    } finally {
      await postgres?.drop();
    }
  }, 240_000);
});
