// The client's size budget: what a bundler puts in a partner's server for the Node entry, and in a web
// page for the browser entry, minified and gzipped (esbuild, as a partner's bundler would). The Node
// entry stays under 15 KB and the browser entry under 4 KB; the browser entry never pulls in the key
// holding client, retries or webhook verification.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { buildSync } from 'esbuild';

const dist = fileURLToPath(new URL('../dist/', import.meta.url));

function bundled(entry: string, platform: 'node' | 'browser') {
  const result = buildSync({ entryPoints: [dist + entry], bundle: true, minify: true, format: 'esm', platform, external: ['standardwebhooks'], write: false, metafile: true });
  const code = result.outputFiles[0]!.contents;
  return { gzip: gzipSync(code).length, inputs: Object.keys(result.metafile.inputs) };
}

test('the Node entry is under 15 KB and the browser entry under 4 KB, minified and gzipped', () => {
  assert.ok(existsSync(dist + 'index.js'), 'the client is built (npm test builds it)');
  const node = bundled('index.js', 'node');
  const browser = bundled('browser/index.js', 'browser');
  assert.ok(node.gzip < 15 * 1024, `Node entry: ${node.gzip} bytes gzipped`);
  assert.ok(browser.gzip < 4 * 1024, `browser entry: ${browser.gzip} bytes gzipped`);
  for (const heavy of ['client.js', 'store-client.js', 'webhooks.js', 'checkout-cart.js']) {
    assert.ok(!browser.inputs.some((path) => path.endsWith(`/dist/${heavy}`)), `the browser entry includes ${heavy}`);
  }
});
