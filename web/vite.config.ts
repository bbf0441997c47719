import vue from '@vitejs/plugin-vue';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const here = path.dirname(fileURLToPath(import.meta.url));
// The dev server (spec: port 8096) forwards the API and the DIFF WebSocket to a running exchange.
const httpTarget = `http://127.0.0.1:${process.env.HTTP_PORT ?? '8000'}`;
const wsTarget = `ws://127.0.0.1:${process.env.WS_PORT ?? '8001'}`;

export default defineConfig({
  root: here,
  plugins: [vue()],
  build: {
    outDir: path.join(here, 'dist'),
    emptyOutDir: true,
    chunkSizeWarningLimit: 2000,
  },
  server: {
    port: 8096,
    strictPort: true,
    proxy: {
      '/api': httpTarget,
      '/health': httpTarget,
      '/ws': { target: wsTarget, ws: true },
    },
  },
});
