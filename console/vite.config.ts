// The staff console, built into dist/ and served by the service at /console/ (src/http/console.ts).
// `npm run dev -w console` serves it with hot reload and proxies the API to a service on :3000.
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const api = process.env.CONSOLE_API_URL ?? 'http://localhost:3000';

export default defineConfig({
  base: '/console/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    // scripts/build.mjs keeps the previous build's assets a while (servers started before it still use them).
    emptyOutDir: false,
    assetsDir: 'assets',
    target: 'es2022',
    reportCompressedSize: false,
    // The budget that matters is the first load's compressed JavaScript (≤ 300 KB; about 180 KB brotli
    // today): the shell chunk is ~510 KB before compression and the blog editor's (TipTap, loaded only
    // there) ~430 KB. Vite's 500 KB warning on the raw size would only alarm whoever runs npm install.
    chunkSizeWarningLimit: 800,
  },
  server: {
    proxy: Object.fromEntries(['/api', '/developer', '/uploads', '/s/', '/demo-assets'].map((p) => [p, api])),
  },
});
