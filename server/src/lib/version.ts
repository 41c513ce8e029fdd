import rootPackage from '../../../package.json' with { type: 'json' };

/** The shop's release (the root package.json's version): printed at start, shown to the admin, written into backups. */
export const APP_VERSION: string = rootPackage.version;
