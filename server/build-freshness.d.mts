/** The newest modification time of the files the bundles are made from. */
export function newestSource(): number;
/** True when `bundle` exists and is not older than any of its sources. */
export function builtFromLatest(bundle: string): boolean;
