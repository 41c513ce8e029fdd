export { PrintAgent } from './agent.ts';
export type { AgentLogger, AgentOptions, PrinterChoice } from './options.ts';
export { CupsClient, CupsUnreachable, IppError } from './cups.ts';
export { TokenRefused } from './server-link.ts';
export { parsePrinterMap } from './printer-map.ts';
export { DirectPrinter, parsePrinterUri } from './direct.ts';
export { decodePwgRaster } from './pwg-raster.ts';
export { defaultJournalFile } from './paths.ts';
