import { parseArgs } from 'node:util';
import { PrintAgent } from './agent.ts';
import { DirectPrinter } from './direct.ts';
import { defaultJournalFile } from './paths.ts';
import { parsePrinterMap } from './printer-map.ts';
import { TokenRefused } from './server-link.ts';

const VERSION = '0.1.0';
const DEFAULT_CUPS = process.platform === 'win32' ? 'none' : 'http://localhost:631';
const USAGE = `Print agent of the print shop: prints the shop's paid jobs on this computer's CUPS printers, and straight
on IPP Everywhere printers the admin adds by address (no CUPS needed: a Windows counter PC works).

  npx @shop/print-agent --server https://shop.example --token psa_…  [options]

  --server URL        the shop's address (HTTPS in production)
  --token TOKEN       the agent token the admin created on the Printers screen (or PRINT_AGENT_TOKEN)
  --cups URL|none     local CUPS (default ${DEFAULT_CUPS}); none: only printers added by address
  --printers MAP      CUPS queues to offer, with a suggested role: HP_LaserJet=bw_a4,Epson_L3250=color_a4 (or --printer-map)
                      (roles: bw_a4, color_a4, a3, pvc; default: every CUPS queue, roles set by the admin)
  --journal FILE      where submitted jobs are remembered (default ${defaultJournalFile()})
  --list              show the CUPS queues and what they can do, then exit
  --probe URI         show what the printer at this IPP address can do (ipp://192.168.1.20/ipp/print), then exit
`;

function line(level: string, msg: string, fields?: Record<string, unknown>) {
  const extra = fields
    ? ' ' +
      Object.entries(fields)
        .map(([k, v]) => `${k}=${JSON.stringify(v)}`)
        .join(' ')
    : '';
  (level === 'error' ? console.error : console.log)(`${new Date().toISOString()} ${level.padEnd(5)} ${msg}${extra}`);
}

export async function main(argv = process.argv.slice(2)): Promise<number> {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        server: { type: 'string' },
        token: { type: 'string' },
        cups: { type: 'string', default: DEFAULT_CUPS },
        printers: { type: 'string' },
        'printer-map': { type: 'string' },
        journal: { type: 'string' },
        list: { type: 'boolean' },
        probe: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (err) {
    console.error(`${(err as Error).message}\n\n${USAGE}`);
    return 64;
  }
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const token = (values.token as string | undefined) ?? process.env.PRINT_AGENT_TOKEN;
  const server = values.server as string | undefined;
  let printers;
  try {
    const map = (values.printers ?? values['printer-map']) as string | undefined;
    printers = map ? parsePrinterMap(map) : undefined;
    if (!values.list && !values.probe && (!server || !token)) throw new Error('--server and --token are required');
    if (server && !/^https?:\/\//.test(server)) throw new Error('--server must be an http(s):// address');
  } catch (err) {
    console.error(`${(err as Error).message}\n\n${USAGE}`);
    return 64;
  }
  const agent = new PrintAgent({
    server: server ?? 'http://localhost',
    token: token ?? '',
    cupsUrl: values.cups === 'none' ? null : (values.cups as string),
    printers,
    journalFile: (values.journal as string | undefined) ?? defaultJournalFile(),
    version: VERSION,
    logger: {
      info: (m, f) => line('info', m, f),
      warn: (m, f) => line('warn', m, f),
      error: (m, f) => line('error', m, f),
    },
  });
  if (values.probe) return probe(values.probe as string);
  if (values.list) {
    for (const p of (await agent.readPrinters()).printers) {
      console.log(
        `${p.queue}\t${p.state}\tpdf=${p.capabilities.pdf} colour=${p.capabilities.color} duplex=${p.capabilities.duplex}\t${p.makeAndModel}`,
      );
    }
    return 0;
  }
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => agent.stop());
  try {
    await agent.run();
    return 0;
  } catch (err) {
    if (err instanceof TokenRefused) return 2;
    line('error', 'stopped', { reason: (err as Error).message });
    return 1;
  }
}

/** What a printer at an IPP address can do, as the agent would print to it (for the owner setting it up). */
async function probe(uri: string): Promise<number> {
  try {
    const printer = new DirectPrinter('probe', uri);
    const { printer: p, caps } = await printer.describe();
    console.log(`${uri}\t${p.state}${p.stateMessage ? ` (${p.stateMessage})` : ''}\t${p.makeAndModel}`);
    console.log(`  formats: ${caps.formats.join(', ') || 'none listed'}`);
    console.log(`  the agent sends: ${caps.format ?? 'nothing it can make (no PDF, no usable PWG raster)'}`);
    if (caps.format === 'image/pwg-raster')
      console.log(
        `  raster: ${caps.resolutions.join(', ')} dpi; ${caps.rasterTypes.join(', ')}; back sides ${caps.sheetBack}`,
      );
    console.log(
      `  colour=${p.capabilities.color} duplex=${p.capabilities.duplex} media: ${p.capabilities.media.slice(0, 12).join(', ')}`,
    );
    return 0;
  } catch (err) {
    console.error(`Cannot read the printer at ${uri}: ${(err as Error).message}`);
    return 1;
  }
}
