export { PrintAgent, type AgentLogger, type AgentOptions, type PrinterChoice } from './agent.ts';
export { CupsClient, CupsUnreachable, IppError } from './cups.ts';
export { TokenRefused } from './server-link.ts';
export { parsePrinterMap } from './printer-map.ts';
