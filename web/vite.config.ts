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
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false, target: 'es2022', reportCompressedSize: false },
  server: { port: 5173, proxy: { '/api': 'http://localhost:5000', '/downloads': 'http://localhost:5000' } },
});
