export { ensureAdminAccount } from './admin-account.ts';
