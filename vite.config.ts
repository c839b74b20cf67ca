import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiPort = process.env.API_PORT ?? '3001';

export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [react()],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    sourcemap: 'hidden',
  },
  server: {
    port: 3000,
    // API calls go to the API server; the web app's own source files under src/web/api/ stay with Vite.
    proxy: { '^/api/(?!.*\\.tsx?(\\?|$))': `http://localhost:${apiPort}` },
  },
});
