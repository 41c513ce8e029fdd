/**
 * `use-sync-external-store/shim` (wouter depends on it for React 16-17) as React 19 has it built in: the shim's own
 * fallback and its CommonJS wrapper stay out of the first page (vite.config.ts aliases the shim to this file).
 */
export { useSyncExternalStore } from 'react';
