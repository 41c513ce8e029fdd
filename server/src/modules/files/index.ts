/**
 * Files kept and deleted: retention, the clean-up run, the admin's file manager, "Delete my files now"
 * (docs/decisions/012, 026). The module's front door: other code imports only what is named here
 * (docs/decisions/045-module-front-doors.md).
 */
// Its answers, registered for plugins/answer-language.ts to put into the caller's language.
import './i18n/index.ts';

export { cleanupJob } from './cleanup.ts';
export { fileManagerRoutes } from './file-manager.routes.ts';
export { filesRoutes } from './files.routes.ts';
export { ownFilesRoutes } from './own-files.routes.ts';
export { deleteSensitiveAtHandover } from './retention.ts';
