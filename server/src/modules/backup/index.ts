/**
 * Backups and restore: the archive, the database dump, destinations, the scheduled job (docs/decisions/040, 041).
 * The module's front door: other code imports only what is named here (docs/decisions/045-module-front-doors.md).
 */
export { backupJob, backupOnShopDisk } from './backup-job.ts';
export { backupAdminRoutes, type BackupContext } from './backup.routes.ts';
export { pgDumpMajor } from './database-dump.ts';
export { destinationFor } from './destination.ts';
