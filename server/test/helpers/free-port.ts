import net from 'node:net';

/**
 * A TCP port free on 127.0.0.1 just now (the system picks it): for a server a test starts, or as the address of one
 * that is down (an SMTP server, a printer switched off) to start there later.
 */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}
