import { it } from 'vitest';
import { createTestApp } from './helpers/app.ts';
it('probe', { timeout: 300_000 }, async () => {
  for (const db of ['pglite', 'postgres'] as const) {
    for (let i = 0; i < 4; i++) {
      const c0 = process.cpuUsage(); const t0 = performance.now();
      const app = await createTestApp({ db });
      const c1 = process.cpuUsage(c0); const t1 = performance.now();
      await app.close();
      const c2 = process.cpuUsage(c0);
      console.log(db, 'open wall', (t1 - t0).toFixed(0), 'cpu', ((c1.user + c1.system) / 1000).toFixed(0), 'with close cpu', ((c2.user + c2.system) / 1000).toFixed(0));
    }
  }
});
