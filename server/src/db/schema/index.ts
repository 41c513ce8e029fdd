/**
 * The whole database schema, one file per area. Money is integer paise everywhere.
 * Migrations in ../migrations are generated from these files with `npm run db:generate` and committed.
 */
export * from './users.ts';
export * from './catalog.ts';
export * from './files.ts';
export * from './orders.ts';
export * from './staff.ts';
export * from './printing.ts';
export * from './mail.ts';
export * from './quotas.ts';
export * from './refunds.ts';
export * from './notifications.ts';
export * from './whatsapp.ts';
export * from './invoices.ts';
export * from './jobs.ts';
