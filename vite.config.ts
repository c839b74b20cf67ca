import react from '@vitejs/plugin-react';
import Icons from 'unplugin-icons/vite';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

/** Bootstrap Icons as React components (`~icons/bi/cart`): only the icons used, inline SVG, no icon font. */
export const icons = () => Icons({ compiler: 'jsx', jsx: 'react', scale: 1 });

const apiPort = process.env.API_PORT ?? '3001';

export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  // Each text asset also as .br and .gz, compressed once here at the highest levels; the server sends the one
  // the browser accepts (@fastify/static's preCompressed).
  plugins: [react(), icons(), compression({ algorithms: ['brotliCompress', 'gzip'], include: /\.(js|css|html|svg|json|txt|xml|webmanifest)$/, threshold: 1024 })],
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
