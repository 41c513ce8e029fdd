/**
 * Printing: print jobs and agents, the print worker, tickets, printer speeds, documents as they print
 * (docs/decisions/014, 035). The module's front door: other code imports only what is named here
 * (docs/decisions/045-module-front-doors.md).
 */
export { documentFileRoutes } from './document-file.ts';
export { printingRoutes } from './printing.routes.ts';
export { printSpeedRoutes, readPrintSpeeds } from './speeds.ts';
