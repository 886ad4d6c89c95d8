// What partners read never cites the internal specification or contract notes ("CONTRACT §3",
// "CONTRACT.md", "SPEC.md", "SPEC §…", "SPEC's rule"): they do not have those files. A page states
// the rule itself or links to the project's own doc that states it. Scanned: README.md, docs/*.md,
// sdk/README.md, sdk/src/**/*.ts (not sdk/src/generated: it comes from the OpenAPI document, whose
// descriptions live in src/), and examples/**/*.{md,ts,tsx,js,eta} (not node_modules or dist).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const ROOT = join(import.meta.dirname, '../..');

/** A citation, also when a line break falls inside it ("CONTRACT\n§4"). */
export const CITATION = /CONTRACT(?:\.md|\s+§|['’]s\b)|SPEC(?:\.md|\s+§|['’]s\b)/g;

function walk(dir: string, keep: (name: string) => boolean, skip: ReadonlySet<string>, out: string[] = []): string[] {
  if (!existsSync(dir)) return out;
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (!skip.has(name)) walk(path, keep, skip, out);
    } else if (keep(name)) out.push(path);
  }
  return out;
}

/** Every partner-facing file, relative to the repository root. */
export function partnerFiles(root = ROOT): string[] {
  const md = (name: string) => name.endsWith('.md');
  const files = [
    join(root, 'README.md'),
    ...readdirSync(join(root, 'docs')).filter(md).sort().map((name) => join(root, 'docs', name)),
    join(root, 'sdk/README.md'),
    ...walk(join(root, 'sdk/src'), (name) => name.endsWith('.ts'), new Set(['generated', 'node_modules', 'dist'])),
    ...walk(join(root, 'examples'), (name) => /\.(?:md|ts|tsx|js|eta)$/.test(name), new Set(['node_modules', 'dist'])),
  ];
  return files.filter((file) => existsSync(file)).map((file) => relative(root, file));
}

/** `file:line: text` for every citation in the text. */
export function citations(file: string, text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(CITATION)) {
    const start = text.lastIndexOf('\n', match.index) + 1;
    const line = text.slice(0, match.index).split('\n').length;
    const end = text.indexOf('\n', match.index);
    found.push(`${file}:${line}: ${text.slice(start, end === -1 ? undefined : end).trim()}`);
  }
  return found;
}

test('the citation pattern', () => {
  for (const cited of ['(CONTRACT §3 order)', 'see CONTRACT.md', 'as\n  CONTRACT §4 asks', '(SPEC.md)', 'SPEC §5', "SPEC's rule", 'CONTRACT’s check order', 'spec/SPEC.md']) {
    assert.equal(citations('x', cited).length, 1, cited);
  }
  for (const plain of ['CONTRACT_VERSION', 'the contract version', 'X-Service-Contract-Version', 'SPECIAL offers', 'a spec']) {
    assert.deepEqual(citations('x', plain), [], plain);
  }
  assert.deepEqual(citations('docs/a.md', 'one\ntwo (CONTRACT §6).\n'), ['docs/a.md:2: two (CONTRACT §6).']);
});

test('the scan covers the docs, the SDK and the example site, and not generated code', () => {
  const files = partnerFiles();
  for (const expected of ['README.md', 'docs/integration.md', 'sdk/README.md', 'sdk/src/browser/rules.ts', 'examples/storefront/src/app.ts']) {
    assert.ok(files.includes(expected), `${expected} is scanned`);
  }
  assert.ok(!files.some((file) => file.startsWith('sdk/src/generated/') || file.includes('node_modules/') || file.includes('/dist/')));
});

test('partner-facing files cite no internal CONTRACT or SPEC section', () => {
  const found = partnerFiles().flatMap((file) => citations(file, readFileSync(join(ROOT, file), 'utf8')));
  assert.deepEqual(found, [], `State the rule, or link to the doc that states it, instead of:\n${found.join('\n')}`);
});
