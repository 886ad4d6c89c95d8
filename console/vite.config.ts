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
  },
  server: {
    proxy: Object.fromEntries(['/api', '/developer', '/uploads', '/s/', '/demo-assets'].map((p) => [p, api])),
  },
});
