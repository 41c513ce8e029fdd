import { shopDay } from '@shop/shared/common/shop-clock';
import { buildApp } from './app.ts';
import { loadConfigOrExit, lockDataDirOrExit } from './config/cli.ts';
import { DEFAULT_ADMIN_PASSWORD } from './config/env.ts';
import { APP_VERSION } from './lib/version.ts';
import { officeStartLine, warmOfficeProfile } from './modules/convert/index.ts';
import { checkNode } from './lib/node-support.ts';
import { isBundled } from './lib/runtime.ts';
import { mapBundleStacks } from './lib/stack-map.ts';

// The bundle's stack traces in the TypeScript sources' lines, each source map read when first needed (decision 044).
if (isBundled) mapBundleStacks();

/** Starts the shop: parse configuration, lock the data folder, build the app, listen. */
async function main() {
  const config = loadConfigOrExit();
  // The data folder holds the embedded database and local files; only one server may use it.
  const unlock = !config.DATABASE_URL || config.storage === 'local' ? lockDataDirOrExit(config.dataDir) : () => {};

  const app = await buildApp({ config });
  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    try {
      await app.close();
    } finally {
      unlock();
      process.exit(0);
    }
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('exit', unlock);

  await app.listen({ port: config.PORT, host: config.HOST });
  const lines = [
    '',
    `  ${config.SHOP_NAME} is open at ${config.publicUrl} (version ${APP_VERSION})`,
    `  database: ${config.DATABASE_URL ? 'PostgreSQL' : `PGlite in ${config.dataDir}/db`} | files: ${config.storage === 's3' ? `S3 bucket ${config.S3_BUCKET}` : `${config.dataDir}/files`} | mail: ${config.mail === 'smtp' ? 'SMTP' : `${config.dataDir}/outbox`} | payments: ${config.PAYMENTS_PROVIDER}`,
  ];
  // A Node.js past its end of life (or too old) is said at every start, not only by npm run doctor.
  const node = checkNode(process.version, shopDay(Date.now()));
  if (node.status !== 'ok') {
    lines.push(`  ${node.message}`);
    if (config.isProduction) app.log.warn({ node: process.version }, node.message);
  }
  const office = officeStartLine(config.SOFFICE_PATH, config.SOFFICE_SANDBOX);
  lines.push(`  ${office.text}`);
  if (office.warn) app.log.warn({ soffice: config.SOFFICE_PATH, sandbox: config.SOFFICE_SANDBOX }, office.text);
  // LibreOffice's profile for conversions, made once now rather than during the first customer's upload.
  warmOfficeProfile({
    soffice: config.SOFFICE_PATH,
    sandbox: config.SOFFICE_SANDBOX,
    timeoutMs: config.CONVERT_TIMEOUT_SECONDS * 1000,
    memoryBytes: config.SOFFICE_MEMORY_MB * 1024 * 1024,
    hide: [config.dataDir, process.cwd()],
  });
  if (!config.isProduction && config.ADMIN_PASSWORD === DEFAULT_ADMIN_PASSWORD) {
    lines.push(
      `  admin sign-in (local default, change before going live): ${config.ADMIN_EMAIL} / ${DEFAULT_ADMIN_PASSWORD}  at ${config.publicUrl}/admin/login`,
    );
  }
  console.log(lines.join('\n') + '\n');
}

main().catch((err) => {
  console.error('The shop could not start:', err instanceof Error ? err.message : err);
  process.exit(1);
});
