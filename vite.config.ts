import react from '@vitejs/plugin-react';
import Icons from 'unplugin-icons/vite';
import { defineConfig, type Plugin } from 'vite';
import { compression } from 'vite-plugin-compression2';
import purgeCss from '@fullhuman/postcss-purgecss';

/** Bootstrap Icons as React components (`~icons/bi/cart`): only the icons used, inline SVG, no icon font. */
export const icons = () => Icons({ compiler: 'jsx', jsx: 'react', scale: 1 });

const apiPort = process.env.API_PORT ?? '3001';

/**
 * Bootstrap's classes that no screen names are removed from its stylesheet at build time. The classes
 * react-bootstrap writes from props (`variant="outline-danger"` is `btn-outline-danger`, `md={6}` is
 * `col-md-6`) and the states it toggles (`show`, `fade`, `collapsing`) are kept by pattern; the shop's
 * own stylesheets are left alone.
 */
function purgeBootstrap() {
  const purge = purgeCss({
    content: ['src/web/**/*.{ts,tsx,html}', 'src/shared/**/*.ts', 'src/server/platform/html.ts'],
    skippedContentGlobs: ['**/*.test.ts', '**/*.test.tsx'],
    safelist: {
      standard: [
        /^(active|disabled|show|showing|hiding|fade|collapse|collapsing|collapsed|slide|is-valid|is-invalid|valid-feedback|invalid-feedback)$/,
        /^(btn|alert|bg|text-bg|badge|spinner|col|row-cols|modal|navbar|nav|dropdown|carousel|form|input-group|table|page|pagination|breadcrumb|tab|card|container)(-|$)/,
        /^order-(sm|md|lg|xl)-(first|last)$/,
        /^text-(dark|light|white|black|body|muted|primary|secondary|success|danger|warning|info)$/,
        /^(img|rounded|gap|vstack|hstack|sticky|fixed)(-|$)/,
        // Set by react-bootstrap at run time, or written by the owner in rich text (content blocks, descriptions).
        /^(pointer-event|has-validation|hr|sub|sup|kbd|samp|abbr|tfoot|optgroup|iframe)$/,
      ],
      // Bootstrap styles some states by data attribute (carousel indicators, dropdown placement).
      greedy: [/data-bs-/],
    },
  });
  type Root = { source?: { input: { file?: string } } };
  const once = (purge as unknown as { OnceExit: (root: Root, helpers: unknown) => Promise<void> }).OnceExit;
  return {
    postcssPlugin: 'purge-bootstrap',
    OnceExit: (root: Root, helpers: unknown) => (/styles[\\/]bootstrap\.scss$/.test(root.source?.input.file ?? '') ? once(root, helpers) : undefined),
  };
}

/**
 * The typeface (styles/theme.scss) is preloaded from every page's head, under the hashed name the build gave
 * it: the text is drawn in it from the first paint instead of swapping later (the swap moved the home page).
 */
function preloadTypeface(): Plugin {
  return {
    name: 'preload-typeface',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        const font = Object.values(bundle ?? {}).find((file) => file.type === 'asset' && /figtree-latin-wght-normal.*\.woff2$/.test(file.fileName));
        if (!font) throw new Error('preload-typeface: the typeface is not in the build (styles/theme.scss $font-file)');
        return [{ tag: 'link', attrs: { rel: 'preload', href: `/${font.fileName}`, as: 'font', type: 'font/woff2', crossorigin: '' }, injectTo: 'head' }];
      },
    },
  };
}

export default defineConfig(({ command, isSsrBuild }) => ({
  root: 'src/web',
  css: {
    postcss: { plugins: command === 'build' ? [purgeBootstrap()] : [] },
    // Bootstrap 5.3's sources still use @import and the older colour functions: their notices are not the shop's.
    preprocessorOptions: { scss: { quietDeps: true, silenceDeprecations: ['import', 'global-builtin', 'color-functions'] } },
  },
  publicDir: 'public',
  resolve: {
    alias: [
      // A package's file named in a stylesheet's url() (the typeface, styles/theme.scss) is found in node_modules.
      { find: /^@fontsource-variable\//, replacement: `${import.meta.dirname}/node_modules/@fontsource-variable/` },
      // React Router's package names only its development build, whose warnings' code and texts stay in the
      // bundle (remix-run/react-router#14102); the browser's build takes the production one it ships beside it.
      ...(command === 'build' && !isSsrBuild ? [{ find: /^react-router$/, replacement: `${import.meta.dirname}/node_modules/react-router/dist/production/index.mjs` }] : []),
    ],
  },
  // Each text asset also as .br and .gz, compressed once here at the highest levels; the server sends the one
  // the browser accepts (@fastify/static's preCompressed).
  plugins: [react(), icons(), preloadTypeface(), ...(isSsrBuild ? [] : [compression({ algorithms: ['brotliCompress', 'gzip'], include: /\.(js|css|html|svg|json|txt|xml|webmanifest)$/, threshold: 1024 })])],
  // The server render (dist/ssr) carries its libraries in itself: it runs from wherever dist/ is copied.
  ssr: { noExternal: true },
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    sourcemap: 'hidden',
    // Which files each route loads, for `npm run size`.
    manifest: true,
    // What the entry imports statically (React, the router, the query cache, the shell) goes into the entry's own file
    // rather than fifteen: every page loads all of it anyway, and each file costs a request, its imports and exports,
    // and a compression of its own (issue #30: 3.4 KB gzip on every first route).
    rolldownOptions: isSsrBuild ? {} : { output: { codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }] } } },
  },
  server: {
    port: 3000,
    // API calls go to the API server; the web app's own source files under src/web/api/ stay with Vite.
    proxy: { '^/api/(?!.*\\.tsx?(\\?|$))': `http://localhost:${apiPort}` },
  },
}));
