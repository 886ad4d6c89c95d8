// The staff console, built into dist/ and served by the service at /console/ (src/http/console.ts).
// `npm run dev -w console` serves it with hot reload and proxies the API to a service on :3000.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
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
 * its CSS, the store pages' frame with its header menus, the sign-in-again dialog, the notifications'
 * corner) and Today with what it loads. A first visit to Today
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
        // A page's module may share its chunk with others (the chunk groups below): found by its modules.
        else {
          const page = chunk.moduleIds.find((id) => pages.test(id));
          if (page) visit(chunk.fileName, withLazy.test(page));
        }
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
        const chunk = chunks.find((c) => c.moduleIds.some((id) => module.test(id)));
        if (!chunk) continue;
        preloads[page] = [...closure(chunk.fileName, new Set())].filter((f) => !entry.has(f) && f.endsWith('.js'));
      }
      this.emitFile({ type: 'asset', fileName: 'route-preloads.json', source: JSON.stringify(preloads) });
    },
  };
}

const offline = offlinePages(/\/src\/(routes\/today\/TodayPage|components\/(AppLayout|ReloginModal|HeaderMenus|NoticeCorner))\.tsx$/, /\/TodayPage\.tsx$/);

/**
 * Fewer, bigger chunks for what a first visit loads. Left to itself the bundler gives every Mantine
 * component and small shared module its own file: Today needed ~50 requests of mostly 1–2 KB, and a
 * phone on a slow link pays a round trip for each (six at a time over HTTP/1.1). Instead:
 * - `react` and `data` (react-router, TanStack Query, openapi-fetch): vendor code a new console
 *   build does not change;
 * - `ui`: the Mantine (and other library) code the entry imports, and what the sign-in page and
 *   the store pages both use;
 * - `login`: the sign-in page and the sign-in-again dialog with what only they use (the form
 *   fields, the dialog), and the frame and form helpers the other signed-out pages share;
 * - `store`: the store pages' frame (AppLayout) and Today with everything they import that the
 *   above do not have, libraries included: one file for any store page's first load;
 * - `later`: what a store's page loads once it is on screen (the header's menus with Mantine's Menu
 *   and its positioning library, the notifications' corner), not needed to draw it;
 * - `forms`: the sign-in page's libraries that other pages use too (forms, inputs, the dialog).
 *   Today's first draw thereby loads neither Menu, Popover, ScrollArea nor floating-ui.
 * What each takes is the static imports of those modules (firstVisitModules, worked out once the
 * module graph is known); every other page stays a chunk of its own, loaded when opened.
 */
function firstVisitModules(roots: Record<'entry' | 'login' | 'store' | 'later', RegExp[]>): Plugin & { groupOf: (id: string) => string | null; first: (id: string) => boolean } {
  const group = new Map<string, string>();
  const first = new Set<string>();
  let known = false;
  return {
    name: 'console-first-visit-modules',
    apply: 'build',
    buildEnd() {
      group.clear();
      first.clear();
      const ids = [...this.getModuleIds()];
      const present = new Set(ids);
      const info = (id: string) => this.getModuleInfo(id);
      const barrels = new Map<string, Map<string, string> | null>();
      // A library's index that only re-exports (Mantine's): its names, each to the module defining it.
      const barrel = (id: string) => {
        if (barrels.has(id)) return barrels.get(id)!;
        const code = info(id)?.code ?? '';
        let names: Map<string, string> | null = null;
        if (id.includes('/node_modules/') && code && code.split('\n').every((line) => !line.trim() || /^(import|export)\b/.test(line))) {
          const local = new Map<string, string>();
          // `import Name from './x'` (a default import re-exported by name) as well as `import { … }`.
          for (const [, name, from] of code.matchAll(/^import\s+([\w$]+)\s+from\s*["'](\.[^"']+)["']/gm)) local.set(name!, resolve(dirname(id), from!));
          for (const [, list, from] of code.matchAll(/^import\s*\{([^}]*)\}\s*from\s*["'](\.[^"']+)["']/gm)) {
            for (const item of list!.split(',')) {
              const [name, as] = item.trim().split(/\s+as\s+/);
              if (name) local.set(as ?? name, resolve(dirname(id), from!));
            }
          }
          names = new Map();
          // `export { default as Name } from './x'`: re-exported straight from the file.
          for (const [, list, from] of code.matchAll(/^export\s*\{([^}]*)\}\s*from\s*["'](\.[^"']+)["']/gm)) {
            for (const item of list!.split(',')) {
              const [name, as] = item.trim().split(/\s+as\s+/);
              if (name) names.set(as ?? name, resolve(dirname(id), from!));
            }
          }
          for (const [, list] of code.matchAll(/^export\s*\{([^}]*)\}\s*;?\s*$/gm)) {
            for (const item of list!.split(',')) {
              const [name, as] = item.trim().split(/\s+as\s+/);
              const from = name && local.get(name);
              if (from) names.set(as ?? name!, from);
            }
          }
        }
        barrels.set(id, names);
        return names;
      };
      // What a module imports, where an import from a barrel counts only the modules of the names it takes.
      const imports = (id: string) => {
        const module = info(id);
        const out: string[] = [];
        for (const next of module?.importedIds ?? []) {
          const names = barrel(next);
          const pkg = /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(next)?.[1];
          const taken = names && pkg ? [...(module?.code ?? '').matchAll(new RegExp(`import\\s*\\{([^}]*)\\}\\s*from\\s*["']${pkg}["']`, 'g'))] : [];
          if (!names || taken.length === 0) {
            out.push(next);
            continue;
          }
          for (const [, list] of taken) {
            for (const item of list!.split(',')) {
              const name = item.trim().replace(/^type\s+/, '').split(/\s+as\s+/)[0];
              const from = name && names.get(name);
              // `./Combination` in a package's index names `./Combination.js`.
              const found = from ? [from, `${from}.js`, `${from}.mjs`, `${from}/index.js`].find((path) => present.has(path)) : undefined;
              if (found) out.push(found);
            }
          }
        }
        return out;
      };
      const closure = (starts: RegExp[], into: Set<string>) => {
        const stack = ids.filter((id) => starts.some((r) => r.test(id)));
        if (stack.length !== starts.length) this.error(`first-visit modules: found ${stack.length} of ${starts.map(String).join(', ')}`);
        while (stack.length) {
          const id = stack.pop()!;
          if (into.has(id)) continue;
          into.add(id);
          stack.push(...imports(id));
        }
        return into;
      };
      const entry = closure(roots.entry, new Set());
      const login = closure(roots.login, new Set());
      const store = closure(roots.store, new Set());
      const library = (id: string) => id.includes('/node_modules/');
      for (const id of entry) if (library(id)) group.set(id, 'ui');
      for (const id of login) if (!entry.has(id)) group.set(id, store.has(id) ? 'ui' : 'login');
      for (const id of store) if (!entry.has(id) && !login.has(id)) group.set(id, 'store');
      for (const id of [...entry, ...login, ...store]) first.add(id);
      // A library module of the sign-in page's that the other pages use too (Mantine's inputs, portals,
      // scroll areas and their positioning library, which popovers and selects build on): a chunk of
      // its own (`forms`), loaded by the sign-in page and by those pages; left in `login`, the other
      // pages' `lib` chunk would import the `login` chunk and that one `lib` (a cycle).
      // What a store's first page loads once it is on screen (the header's menus, the notifications'
      // corner) and the sign-in page does not have: one file.
      for (const id of closure(roots.later, new Set())) if (library(id) && !first.has(id) && !group.has(id)) group.set(id, 'later');
      const forms = [...login].filter((id) => group.get(id) === 'login' && library(id) && (info(id)?.importers ?? []).some((by) => !first.has(by)));
      // With what they import that would otherwise be left in `login` (or `forms` would import `login`).
      while (forms.length) {
        const id = forms.pop()!;
        group.set(id, 'forms');
        for (const next of imports(id)) if (group.get(next) === 'login') forms.push(next);
      }
      // Each Mantine component of the first visit has its CSS among the entry's imports
      // (src/styles/first-visit.ts): the rest of Mantine's CSS comes only with the other pages.
      const missing = new Set<string>();
      for (const id of first) {
        const component = /^(.*\/node_modules\/@mantine\/core)\/esm\/components\/(\w+)\//.exec(id);
        if (!component) continue;
        const css = `${component[1]}/styles/${component[2]}.css`;
        if (existsSync(css) && !entry.has(css)) missing.add(`@mantine/core/styles/${component[2]}.css`);
      }
      if (missing.size) this.error(`src/styles/first-visit.ts lacks the CSS of components the first visit uses: ${[...missing].join(', ')}`);
      known = true;
    },
    groupOf(id: string) {
      if (!known) throw new Error('console chunks: the module graph is not known yet');
      return group.get(id) ?? null;
    },
    first(id: string) {
      if (!known) throw new Error('console chunks: the module graph is not known yet');
      return first.has(id);
    },
  };
}

const firstVisit = firstVisitModules({
  entry: [/\/src\/main\.tsx$/],
  login: [/\/src\/routes\/auth\/LoginPage\.tsx$/, /\/src\/components\/ReloginModal\.tsx$/],
  store: [/\/src\/components\/AppLayout\.tsx$/, /\/src\/routes\/today\/TodayPage\.tsx$/],
  later: [/\/src\/components\/HeaderMenus\.tsx$/, /\/src\/components\/NoticeCorner\.tsx$/],
});

/**
 * The chunks' static imports have no cycle. Groups that leave their dependencies where they are
 * (includeDependenciesRecursively: false, below) could make one, and a chunk in a cycle may run
 * before the one it reads from (a page failing with "Cannot read properties of undefined").
 */
function noChunkCycles(): Plugin {
  return {
    name: 'console-no-chunk-cycles',
    apply: 'build',
    generateBundle(_options, bundle) {
      const state = new Map<string, 'open' | 'done'>();
      const visit = (fileName: string, path: string[]) => {
        state.set(fileName, 'open');
        const chunk = bundle[fileName];
        for (const next of chunk?.type === 'chunk' ? chunk.imports : []) {
          if (state.get(next) === 'open') this.error(`chunk import cycle: ${[...path.slice(path.indexOf(next)), next].join(' → ')}`);
          if (!state.has(next)) visit(next, [...path, next]);
        }
        state.set(fileName, 'done');
      };
      for (const fileName of Object.keys(bundle)) if (!state.has(fileName)) visit(fileName, [fileName]);
    },
  };
}

const isReact = (id: string) => /\/node_modules\/(react|react-dom|scheduler)\//.test(id);
const isData = (id: string) => /\/node_modules\/(react-router|@tanstack|openapi-fetch)\//.test(id);

export default defineConfig({
  base: '/console/',
  define: { 'import.meta.env.VITE_CONSOLE_BUILD': JSON.stringify(dataVersion) },
  plugins: [
    react(),
    noChunkCycles(),
    firstVisit,
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
          // Taken in this order: a module goes to the first group that wants it.
          groups: [
            { name: 'react', test: isReact, priority: 5 },
            { name: 'data', test: isData, priority: 4 },
            { name: 'ui', test: (id) => firstVisit.groupOf(id) === 'ui', priority: 3 },
            { name: 'later', test: (id) => firstVisit.groupOf(id) === 'later', priority: 2, includeDependenciesRecursively: false },
            { name: 'forms', test: (id) => firstVisit.groupOf(id) === 'forms', priority: 2, includeDependenciesRecursively: false },
            { name: 'login', test: (id) => firstVisit.groupOf(id) === 'login', priority: 2, includeDependenciesRecursively: false },
            { name: 'store', test: (id) => firstVisit.groupOf(id) === 'store', priority: 1, includeDependenciesRecursively: false },
            // The libraries two or more of the other pages use (Mantine's date pickers, selects…): one file.
            { name: 'lib', test: (id) => id.includes('/node_modules/') && !firstVisit.first(id), minShareCount: 2, includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
  server: {
    proxy: Object.fromEntries(['/api', '/developer', '/uploads', '/s/', '/demo-assets'].map((p) => [p, api])),
  },
});
