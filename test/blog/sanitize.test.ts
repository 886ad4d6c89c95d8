// Pure helpers of the blog's content safety (no database).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { plainText, renderPlainText, renderPostHtml, safeHttpUrl, sanitizePostHtml, truncate } from '../../src/modules/blog/sanitize.ts';
import { jsonForScript } from '../../src/modules/blog/pages.ts';
import { escapeHtml } from '../../src/shared/html.ts';
import { detectImageType } from '../../src/modules/blog/uploads.ts';

test('safeHttpUrl accepts absolute http(s) only and normalises', () => {
  assert.equal(safeHttpUrl('https://Example.COM/a b'), 'https://example.com/a%20b');
  assert.equal(safeHttpUrl('  http://x.example  '), 'http://x.example/');
  for (const bad of ['javascript:alert(1)', 'java\tscript:alert(1)', '//evil.example', '/rel', 'rel', 'data:text/html,x', 'https://', 'http:/x', 'ftp://x', '', null, undefined]) {
    assert.equal(safeHttpUrl(bad as string), null, String(bad));
  }
});

test('sanitizing is idempotent and the memoised render equals a fresh sanitize', () => {
  const inputs = ['<p>a<script>x</script></p>', '<a href="https://x.example">l</a><img src="/x" alt="a">', '<h1>t</h1><h5>u</h5>', ''];
  for (const input of inputs) {
    const once = sanitizePostHtml(input);
    assert.equal(sanitizePostHtml(once), once);
    assert.equal(renderPostHtml(input), once);
    assert.equal(renderPostHtml(input), once, 'cached');
    assert.equal(renderPlainText(input), plainText(input));
  }
});

test('plain text and truncation', () => {
  assert.equal(plainText('<p>a &amp; b</p><script>x</script><p>c  d</p>'), 'a & b c d');
  assert.equal(truncate('short', 10), 'short');
  assert.equal(truncate('one two three four five', 12), 'one two…');
  assert.equal(Array.from(truncate('😀'.repeat(200), 160)).length, 160);
});

test('escaping for HTML, XML and JSON-LD', () => {
  assert.equal(escapeHtml(`<a href="x">'&'</a>\u0001`), '&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  const json = jsonForScript({ t: '</script><script>alert(1)</script>&\u2028' });
  assert.ok(!json.includes('<') && !json.includes('>') && !json.includes('&'));
  assert.deepEqual(JSON.parse(json), { t: '</script><script>alert(1)</script>&\u2028' });
});

test('image types by signature', () => {
  assert.equal(detectImageType(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))?.contentType, 'image/png');
  assert.equal(detectImageType(Buffer.from([0xff, 0xd8, 0xff, 0xdb]))?.contentType, 'image/jpeg');
  assert.equal(detectImageType(Buffer.from('GIF87a..'))?.contentType, 'image/gif');
  assert.equal(detectImageType(Buffer.from('RIFF\0\0\0\0WEBPVP8 '))?.contentType, 'image/webp');
  assert.equal(detectImageType(Buffer.from('\0\0\0\x1cftypavif'))?.contentType, 'image/avif');
  assert.equal(detectImageType(Buffer.from('<svg></svg>')), null);
  assert.equal(detectImageType(Buffer.alloc(0)), null);
});
