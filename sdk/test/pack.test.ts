// The package as a partner gets it: the SDK's tracked files copied as a clean checkout has them (no
// dist/), packed with `npm pack` (which builds it first), installed into an empty project outside the
// repository, then imported from Node and type-checked with TypeScript the way a partner's code would.
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..', '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function run(command: string, args: string[], cwd: string) {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', env: { ...process.env, npm_config_update_notifier: 'false' } });
  assert.equal(result.status, 0, `${command} ${args.join(' ')} in ${cwd}:\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
}

describe('@store-integration/client packed from a clean checkout', () => {
  const work = mkdtempSync(join(tmpdir(), 'sis-sdk-pack-'));
  after(() => rmSync(work, { recursive: true, force: true }));

  test('npm pack builds it; an empty project installs the tarball and uses both entries, types included', { timeout: 240_000 }, () => {
    // A clean checkout: the files git tracks (working-tree versions), no build output.
    const checkout = join(work, 'checkout');
    const tracked = execFileSync('git', ['ls-files', '-z', '--', 'sdk', 'scripts', 'package.json'], { cwd: ROOT, encoding: 'utf8' }).split('\0').filter(Boolean);
    for (const file of tracked) {
      if (!existsSync(join(ROOT, file))) continue;
      mkdirSync(dirname(join(checkout, file)), { recursive: true });
      cpSync(join(ROOT, file), join(checkout, file));
    }
    assert.equal(existsSync(join(checkout, 'sdk', 'dist')), false, 'a clean checkout has no dist/');
    // The repository's installed tools (tsc), as `npm install` leaves them.
    symlinkSync(join(ROOT, 'node_modules'), join(checkout, 'node_modules'), 'dir');

    const out = join(work, 'out');
    mkdirSync(out);
    run(npm, ['pack', '--pack-destination', out], join(checkout, 'sdk'));
    const tarballs = readdirSync(out).filter((f) => f.endsWith('.tgz'));
    assert.equal(tarballs.length, 1, `one tarball: ${tarballs.join(', ')}`);
    const listing = execFileSync('tar', ['-tzf', join(out, tarballs[0])], { encoding: 'utf8' }).split('\n');
    for (const file of ['package/dist/index.js', 'package/dist/index.d.ts', 'package/dist/browser/index.js', 'package/dist/generated/schema.d.ts', 'package/README.md', 'package/CHANGELOG.md']) {
      assert.ok(listing.includes(file), `${file} is in the package`);
    }
    assert.ok(!listing.some((f) => f.startsWith('package/src/') || f.startsWith('package/test/') || f.endsWith('.built')), 'no sources, tests or build stamps');

    // An empty project elsewhere installs it (its one dependency from the npm registry or npm's cache).
    const app = join(work, 'app');
    mkdirSync(app);
    writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'partner-site', version: '1.0.0', private: true, type: 'module' }));
    // With Node's types, as a TypeScript site on Node has them (the webhook library's types use Buffer).
    const nodeTypes = `@types/node@${createRequire(join(ROOT, 'package.json'))('@types/node/package.json').version}`;
    run(npm, ['install', join(out, tarballs[0]), nodeTypes, '--prefer-offline', '--no-audit', '--no-fund'], app);

    writeFileSync(
      join(app, 'site.mjs'),
      [
        "import { createStoreClient, checkoutCart, verifyWebhook, StoreApiError } from '@store-integration/client';",
        "import { Cart, orderStatusLabel } from '@store-integration/client/browser';",
        "const client = createStoreClient({ baseUrl: 'http://127.0.0.1:9', storeId: 'acme', apiKey: 'k'.repeat(32) });",
        "console.log(JSON.stringify({ client: typeof client.catalog, checkoutCart: typeof checkoutCart, verifyWebhook: typeof verifyWebhook, error: typeof StoreApiError, cart: typeof Cart, label: orderStatusLabel('paid') }));",
      ].join('\n'),
    );
    const printed = JSON.parse(run(process.execPath, ['site.mjs'], app));
    assert.deepEqual(printed, { client: 'object', checkoutCart: 'function', verifyWebhook: 'function', error: 'function', cart: 'function', label: 'Confirmed' });

    // Its types resolve through the package's exports, for a TypeScript site.
    writeFileSync(
      join(app, 'site.ts'),
      [
        "import { createStoreClient, type StoreClient } from '@store-integration/client';",
        "import { orderStatusLabel } from '@store-integration/client/browser';",
        "const client: StoreClient = createStoreClient({ baseUrl: 'https://store-api.example.com', storeId: 'acme', apiKey: 'secret' });",
        'const label: string = orderStatusLabel(\'paid\');',
        'export { client, label };',
      ].join('\n'),
    );
    const tsc = createRequire(join(ROOT, 'package.json')).resolve('typescript/bin/tsc');
    run(process.execPath, [tsc, '--noEmit', '--strict', '--module', 'nodenext', '--moduleResolution', 'nodenext', '--target', 'es2022', 'site.ts'], app);
  });
});
