// The staff console, built into dist/ and served by the service at /console/ (src/http/console.ts).
// `npm run dev -w console` serves it with hot reload and proxies the API to a service on :3000.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

const api = process.env.CONSOLE_API_URL ?? 'http://localhost:3000';

// What the console keeps on the device (src/api/query.ts) is the API's data: when the API's types
// change, what an older build kept is dropped.
const apiSchema = createRequire(import.meta.url).resolve('../sdk/src/generated/schema.d.ts');
const dataVersion = createHash('sha256').update(readFileSync(apiSchema)).digest('hex').slice(0, 12);

/**
 * The files the service worker keeps ahead (precache): the shell (the entry and what it imports,
 * its CSS, the store pages' frame, the sign-in-again dialog) and Today with what it loads. A first visit to Today
 * has loaded all of them already, so the worker takes them from the browser's cache: nothing more
 * is downloaded. Only this build's files: dist/assets also holds earlier builds' (scripts/build.mjs
 * keeps them an hour). Every other page (Bookings too) is kept the first time it is opened while the
 * worker runs (runtime caching below), which keeps a first visit within its budget of compressed
 * JavaScript (≤ 300 KB, `npm run bench:console`).
 */
function offlinePages(pages: RegExp, withLazy: RegExp): Plugin & { files: Set<string> } {
  const files = new Set<string>();
  return {
    name: 'console-offline-pages',
    apply: 'build',
    files,
    generateBundle(_options, bundle) {
      files.clear();
      const visit = (fileName: string, withLazy: boolean) => {
        const chunk = bundle[fileName];
        if (!chunk || files.has(fileName)) return;
        files.add(fileName);
        if (chunk.type !== 'chunk') return;
        for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(css);
        for (const next of chunk.imports) visit(next, withLazy);
        if (withLazy) for (const next of chunk.dynamicImports) visit(next, false);
      };
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        if (chunk.isEntry) visit(chunk.fileName, false);
        else if (chunk.facadeModuleId && pages.test(chunk.facadeModuleId)) visit(chunk.fileName, withLazy.test(chunk.facadeModuleId));
      }
    },
  };
}

/**
 * route-preloads.json: for the pages a first visit most often opens (sign in; a store's page and
 * its Today), the chunks they load beyond the entry. The service (src/http/console.ts) names them in
 * that page's index.html as modulepreload links, so the phone fetches them with the entry instead
 * of one after another (entry, then the page's code, then what that imports).
 */
function routePreloads(pages: Record<string, RegExp>): Plugin {
  return {
    name: 'console-route-preloads',
    apply: 'build',
    generateBundle(_options, bundle) {
      const closure = (fileName: string, into: Set<string>) => {
        const chunk = bundle[fileName];
        if (!chunk || into.has(fileName)) return into;
        into.add(fileName);
        if (chunk.type === 'chunk') for (const next of chunk.imports) closure(next, into);
        return into;
      };
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
      const entry = new Set<string>();
      for (const c of chunks) if (c.isEntry) closure(c.fileName, entry);
      const preloads: Record<string, string[]> = {};
      for (const [page, module] of Object.entries(pages)) {
        const chunk = chunks.find((c) => c.facadeModuleId && module.test(c.facadeModuleId));
        if (!chunk) continue;
        preloads[page] = [...closure(chunk.fileName, new Set())].filter((f) => !entry.has(f) && f.endsWith('.js'));
      }
      this.emitFile({ type: 'asset', fileName: 'route-preloads.json', source: JSON.stringify(preloads) });
    },
  };
}

const offline = offlinePages(/\/src\/(routes\/today\/TodayPage|components\/(AppLayout|ReloginModal))\.tsx$/, /\/TodayPage\.tsx$/);

/** Vendor code in a few stable chunks: a new console build changes the app's files, not these. */
function vendorChunk(id: string): string | null {
  if (!id.includes('/node_modules/')) return null;
  if (/\/node_modules\/(react|react-dom|scheduler)\//.test(id)) return 'react';
  if (/\/node_modules\/(react-router|@tanstack|openapi-fetch)\//.test(id)) return 'data';
  return null;
}

export default defineConfig({
  base: '/console/',
  define: { 'import.meta.env.VITE_CONSOLE_BUILD': JSON.stringify(dataVersion) },
  plugins: [
    react(),
    offline,
    routePreloads({ login: /\/src\/routes\/auth\/LoginPage\.tsx$/, store: /\/src\/components\/AppLayout\.tsx$/, today: /\/src\/routes\/today\/TodayPage\.tsx$/ }),
    VitePWA({
      // The service worker is registered by the app once a store's page has shown (src/main.tsx),
      // not on the sign-in page: a first visit downloads the shell only.
      injectRegister: false,
      registerType: 'autoUpdate',
      filename: 'sw.js',
      scope: '/console/',
      base: '/console/',
      includeAssets: [],
      manifest: {
        id: '/console/',
        name: 'Store console',
        short_name: 'Store',
        description: 'Bookings, orders and the day of your store.',
        start_url: '/console/',
        scope: '/console/',
        display: 'standalone',
        orientation: 'any',
        background_color: '#ffffff',
        theme_color: '#0b7285',
        icons: [
          { src: 'icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: 'icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: 'icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        globPatterns: ['index.html', 'favicon.svg', 'assets/*.{js,css}'],
        // Only this build's shell and offline pages (see offlinePages above).
        manifestTransforms: [
          async (entries) => ({
            manifest: entries.filter((e) => e.url === 'index.html' || e.url === 'favicon.svg' || offline.files.has(e.url)),
            warnings: [],
          }),
        ],
        maximumFileSizeToCacheInBytes: 2 * 1024 * 1024,
        // One file (sw.js) whose name never changes: a server started before a build serves it too.
        inlineWorkboxRuntime: true,
        // Hashed names need no revision: the browser's cache already holds what the page loaded.
        dontCacheBustURLsMatching: /^assets\//,
        // Every page of the app is index.html (the service sends the same file for any /console/… path).
        navigateFallback: '/console/index.html',
        navigateFallbackAllowlist: [/^\/console(\/|$)/],
        // A new build's worker takes over at once; the open page keeps its code (the older build's
        // files stay on the server an hour) and the next load is the new build.
        skipWaiting: true,
        clientsClaim: true,
        cleanupOutdatedCaches: true,
        // Other pages' code once opened (hashed files never change). Nothing of the API: /api,
        // /developer and /uploads are not routed here, so they always go to the network.
        runtimeCaching: [
          {
            urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/console/assets/'),
            handler: 'CacheFirst',
            options: { cacheName: 'console-pages', expiration: { maxEntries: 200, maxAgeSeconds: 30 * 24 * 3600 } },
          },
        ],
      },
    }),
  ],
  build: {
    outDir: 'dist',
    // scripts/build.mjs keeps the previous build's assets a while (servers started before it still use them).
    emptyOutDir: false,
    assetsDir: 'assets',
    target: 'es2022',
    reportCompressedSize: false,
    // The budget that matters is the first load's compressed JavaScript (≤ 300 KB including what is
    // fetched ahead; `npm run bench:console` measures it). The blog editor's chunk (TipTap, loaded
    // only there) is large before compression.
    chunkSizeWarningLimit: 800,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [{ name: vendorChunk, debugName: 'vendor' }],
        },
      },
    },
  },
  server: {
    proxy: Object.fromEntries(['/api', '/developer', '/uploads', '/s/', '/demo-assets'].map((p) => [p, api])),
  },
});
