import { loadConfigOrExit } from '../config/cli.ts';
import { APP_VERSION } from '../lib/version.ts';
import { runDoctor, type CheckStatus } from './doctor.ts';

/**
 * npm run doctor : checks the shop's configuration as the environment gives it (database, storage, mail, LibreOffice,
 * fonts, printers, HTTPS, payments, backups) and says in plain words what is missing. Exit 1 when something must be
 * fixed before going live. Never prints a secret.
 */
const config = loadConfigOrExit((message) => console.log(`✗ configuration: ${message}`));
const mark: Record<CheckStatus, string> = { ok: '✓', warn: '!', problem: '✗' };
console.log(
  `Print shop ${APP_VERSION}, ${config.isProduction ? 'production' : config.NODE_ENV} settings for ${config.publicUrl}\n`,
);
const results = await runDoctor(config);
for (const r of results) console.log(`${mark[r.status]} ${r.area}: ${r.message}`);
const problems = results.filter((r) => r.status === 'problem').length;
const warnings = results.filter((r) => r.status === 'warn').length;
console.log(`\n${problems ? `${problems} to fix` : 'Nothing to fix'}${warnings ? `, ${warnings} to consider` : ''}.`);
process.exit(problems ? 1 : 0);
