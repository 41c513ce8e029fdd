import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { i18nCompile } from './build/i18n-compile';

export default defineConfig({
  plugins: [
    // Message catalogues are compiled as they are built (docs/decisions/027-telugu.md).
    i18nCompile(),
    react(),
    tailwindcss(),
    // Brotli and gzip copies next to each asset, made once at build: the server sends the smallest the phone accepts.
    compression({
      algorithms: [defineAlgorithm('brotliCompress'), defineAlgorithm('gzip', { level: 9 })],
      include: /\.(js|css|svg|json|txt)$/,
      threshold: 512,
    }),
  ],
  resolve: {
    alias: [
      { find: /^@\//, replacement: `${path.resolve(import.meta.dirname, 'src')}/` },
      {
        find: /^use-sync-external-store\/shim(\/index\.js)?$/,
        replacement: path.resolve(import.meta.dirname, 'build/use-sync-external-store-shim.ts'),
      },
    ],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    target: 'es2022',
    reportCompressedSize: false,
    // Browsers without <link rel="modulepreload"> (Safari before 17) still load every module, only without the
    // head start: the polyfill is not worth its bytes on every first page.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // The first page is one file: everything main.tsx imports statically ($initial), rather than the few small
        // chunks the automatic split makes of modules lazy screens share with it (one request, better compression).
        codeSplitting: { groups: [{ name: 'first-page', tags: ['$initial'] }] },
      },
    },
  },
  server: { port: 5173, proxy: { '/api': 'http://localhost:5000', '/downloads': 'http://localhost:5000' } },
});
