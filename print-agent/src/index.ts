export { PrintAgent } from './agent.ts';
export type { AgentLogger, AgentOptions, PrinterChoice } from './options.ts';
export { CupsClient, CupsUnreachable, IppError } from './cups.ts';
export { TokenRefused } from './server-link.ts';
export { parsePrinterMap } from './printer-map.ts';
