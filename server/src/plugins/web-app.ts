import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ShopConfig } from '@shop/shared/config/shop-config';
import { registerNotFound } from './errors.ts';

/**
 * The built web app in `webDist` (when `serveWeb`, by default when it is built): its assets, and its page for every
 * browser navigation, with the shop's public configuration (`shopConfig`, never secrets) injected. Unknown API paths
 * answer a JSON 404 either way.
 */
export async function registerWebApp(
  app: FastifyInstance,
  shopConfig: ShopConfig,
  webDist: string,
  serveWeb = fs.existsSync(path.join(webDist, 'index.html')),
) {
  if (!serveWeb) return registerNotFound(app);
  const template = fs.readFileSync(path.join(webDist, 'index.html'), 'utf8');
  const configJson = JSON.stringify(shopConfig).replace(/</g, '\\u003c');
  const indexHtml = template.replace(
    '<!--shop-config-->',
    `<script id="shop-config" type="application/json">${configJson}</script>`,
  );
  await app.register(fastifyStatic, {
    root: webDist,
    index: false,
    wildcard: false,
    maxAge: '1y',
    immutable: true,
    // The build writes .br and .gz copies of every asset (web/vite.config.ts): phones get the smallest they accept.
    preCompressed: true,
    setHeaders: (reply, filePath) => {
      if (!filePath.includes(`${path.sep}assets${path.sep}`)) reply.header('cache-control', 'public, max-age=300');
    },
  });
  const sendIndex = (reply: FastifyReply) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml);
  app.get('/', (_req, reply) => sendIndex(reply));
  registerNotFound(app, sendIndex);
}
