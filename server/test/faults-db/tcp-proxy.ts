import net from 'node:net';

/**
 * A small TCP proxy between the shop and PostgreSQL, so a test can make the database go away and come back:
 * - `hold()`: stop passing the shop's bytes on (its queries hang, in flight);
 * - `cut()`: drop every open connection (as when the database server dies or the network breaks);
 * - `refuse()`: stop listening, so new connections are refused (ECONNREFUSED), as while the database is down;
 * - `blackhole()`: accept new connections and never answer (the pool's connect timeout);
 * - `reopen()`: listen again after `refuse()`;
 * - `restore()`: pass everything again.
 * Only ever forwards to the loopback address it was given.
 */
export class TcpProxy {
  private server: net.Server | null = null;
  private readonly pairs = new Set<{ client: net.Socket; upstream: net.Socket | null }>();
  private mode: 'pass' | 'hold' | 'blackhole' = 'pass';
  private readonly held: Array<() => void> = [];
  /** Bytes from the shop that are waiting while held. */
  heldBytes = 0;
  /** Connections accepted so far. */
  accepted = 0;
  port = 0;

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {
    if (!/^(127\.|localhost$|::1$)/.test(targetHost)) throw new Error('the proxy only forwards to this machine');
  }

  async listen(port = 0): Promise<number> {
    const server = net.createServer((client) => this.onConnection(client));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
    this.server = server;
    this.port = (server.address() as net.AddressInfo).port;
    return this.port;
  }

  private onConnection(client: net.Socket) {
    this.accepted++;
    const pair: { client: net.Socket; upstream: net.Socket | null } = { client, upstream: null };
    this.pairs.add(pair);
    const drop = () => {
      client.destroy();
      pair.upstream?.destroy();
      this.pairs.delete(pair);
    };
    client.on('error', drop);
    client.on('close', drop);
    if (this.mode === 'blackhole') return; // accepted, never answered
    const upstream = net.connect(this.targetPort, this.targetHost);
    pair.upstream = upstream;
    upstream.on('error', drop);
    upstream.on('close', drop);
    upstream.on('data', (d) => client.write(d));
    client.on('data', (d) => {
      if (this.mode === 'hold') {
        this.heldBytes += d.length;
        this.held.push(() => upstream.write(d));
      } else upstream.write(d);
    });
  }

  /** The shop's bytes wait here: whatever it asks the database now stays in flight. */
  hold(): void {
    this.mode = 'hold';
  }

  /** New connections are accepted and never answered. */
  blackhole(): void {
    this.mode = 'blackhole';
  }

  /** Drops every open connection at once (the held bytes are lost with them). */
  cut(): void {
    this.held.length = 0;
    this.heldBytes = 0;
    for (const p of [...this.pairs]) {
      p.client.destroy();
      p.upstream?.destroy();
    }
    this.pairs.clear();
  }

  /** Stops listening and drops every connection: the database is down, connections are refused. */
  async refuse(): Promise<void> {
    const server = this.server;
    this.server = null;
    this.cut();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Listens again on the same port after `refuse()`, keeping the current mode. */
  async reopen(): Promise<void> {
    if (!this.server) await this.listen(this.port);
  }

  /** Lets held bytes through and passes everything again (listening again on the same port if refused). */
  async restore(): Promise<void> {
    this.mode = 'pass';
    for (const send of this.held.splice(0)) send();
    this.heldBytes = 0;
    await this.reopen();
  }

  async close(): Promise<void> {
    await this.refuse();
  }
}
