import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { describeEachDb, type TestStore } from '../helpers/app.ts';
import { blogClient } from './helpers.ts';

/** Known XSS vectors: each must come out as allowlisted markup with http(s) URLs only. */
const XSS_VECTORS: Record<string, string> = {
  'script tag': '<p>a</p><script>alert(1)</script>',
  'javascript: href': '<a href="javascript:alert(1)">x</a>',
  'javascript: with entity-encoded tab': '<a href="jav&#x09;ascript:alert(1)">x</a>',
  'javascript: with decimal entities and leading space': '<a href=" &#106;&#97;vascript:alert(1)">x</a>',
  'javascript: with newline and mixed case': '<a href="JaVa\nScRiPt:alert(1)">x</a>',
  'javascript: fully entity-encoded': '<a href="&#x6A;&#x61;&#x76;&#x61;&#x73;&#x63;&#x72;&#x69;&#x70;&#x74;&#x3A;alert(1)">x</a>',
  'data: URI link': '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  'data: URI image': '<img src="data:image/svg+xml,<svg onload=alert(1)>" alt="d">',
  'img onerror': '<img src="https://img.example/x.png" onerror="alert(1)" alt="x">',
  'svg onload': '<svg onload="alert(1)"><circle r="1"/></svg>',
  'svg inside p with script': '<p><svg><script>alert(1)</script></svg></p>',
  'style attribute': '<p style="background:url(javascript:alert(1))">x</p>',
  'style element': '<style>body{background:url("javascript:alert(1)")}</style><p>y</p>',
  'unclosed tags': '<p><strong>bold <em>both <a href="https://ok.example/">link',
  'nested script split': '<scr<script>ipt>alert(1)</scr</script>ipt>',
  'xmp breakout': '<xmp><p title="</xmp><img src=x onerror=alert(1)>">',
  'noscript breakout': '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
  'iframe srcdoc': '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  'object and embed': '<object data="javascript:alert(1)"></object><embed src="javascript:alert(1)">',
  'protocol-relative link': '<a href="//evil.example/x">x</a>',
  'relative link and image': '<a href="/admin">x</a><img src="../x.png" alt="r">',
  'form and button': '<form action="https://evil.example"><button formaction="javascript:alert(1)">go</button></form>',
  'math/xlink': '<math><mtext><a xlink:href="javascript:alert(1)">x</a></mtext></math>',
  'meta refresh': '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  'event handler on allowed tag': '<h2 onmouseover="alert(1)">t</h2><blockquote onclick="alert(1)">q</blockquote>',
  'comment trick': '<!--<img src=x onerror=alert(1)>--><p>c</p>',
  'vbscript link': '<a href="vbscript:msgbox(1)">x</a>',
  'base and link tags': '<base href="https://evil.example/"><link rel="stylesheet" href="https://evil.example/x.css">',
};

const ALLOWED: Record<string, string[]> = {
  a: ['href', 'rel'], p: [], h1: [], h2: [], h3: [], h4: [], ul: [], ol: [], li: [], strong: [], em: [], blockquote: [], img: ['src', 'alt'],
};

/** Every tag allowlisted, every attribute allowlisted, every URL absolute http(s), links rel=noopener noreferrer. */
function assertSafeHtml(html: string, label: string) {
  const tag = /<(\/?)([a-zA-Z][a-zA-Z0-9:-]*)([^>]*)>/g;
  let m: RegExpExecArray | null;
  while ((m = tag.exec(html))) {
    const name = m[2].toLowerCase();
    assert.ok(name in ALLOWED, `${label}: tag <${name}> in ${html}`);
    if (m[1]) continue;
    const attrs = [...m[3].matchAll(/([^\s=/]+)="([^"]*)"/g)];
    const rest = m[3].replace(/([^\s=/]+)="([^"]*)"/g, '').replace(/[\s/]/g, '');
    assert.equal(rest, '', `${label}: unquoted attribute residue in ${m[0]}`);
    for (const [, attr, value] of attrs) {
      assert.ok(ALLOWED[name].includes(attr), `${label}: attribute ${attr} on <${name}>`);
      if (attr === 'href' || attr === 'src') assert.match(value, /^https?:\/\/[^/]/, `${label}: url ${value}`);
    }
    if (name === 'a' && attrs.some(([, a]) => a === 'href')) assert.ok(attrs.some(([, a, v]) => a === 'rel' && v === 'noopener noreferrer'), `${label}: rel on ${m[0]}`);
    if (name === 'img') assert.ok(attrs.some(([, a]) => a === 'src'), `${label}: img without src`);
  }
  assert.ok(!/javascript:|vbscript:|data:/i.test(html), `${label}: dangerous scheme survives in ${html}`);
  assert.ok(!/<\s*script|onerror|onload/i.test(html.replace(/&lt;[^&]*&gt;/g, '')), `${label}: executable markup in ${html}`);
}

function xmlDecode(s: string): string {
  return s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&');
}

describeEachDb('blog content safety: XSS vectors neutralized on write and on render', (env) => {
  const blog = blogClient(env);
  let store: TestStore;

  before(async () => {
    store = await env.createStore();
  });

  test(`at least 15 vectors are covered (${Object.keys(XSS_VECTORS).length})`, () => {
    assert.ok(Object.keys(XSS_VECTORS).length >= 15);
  });

  describe('on write: stored, staff view, public API, page and RSS', () => {
    for (const [label, vector] of Object.entries(XSS_VECTORS)) {
      test(label, async () => {
        const post = await blog.create(store, { title: `XSS ${label}`.slice(0, 120), contentHtml: vector, status: 'published' });
        assertSafeHtml(post.contentHtml, `${label} (create response)`);
        const row = await env.db.selectFrom('blog_posts').select('content_html').where('id', '=', post.id).executeTakeFirstOrThrow();
        assertSafeHtml(row.content_html, `${label} (stored)`);
        assertSafeHtml((await blog.publicPost(store, post.slug)).data.contentHtml, `${label} (public API)`);
        const page = await blog.page(store, post.slug);
        const content = /<div class="content">([\s\S]*)<\/div><\/article>/.exec(page.body);
        assert.ok(content, 'content block');
        assertSafeHtml(content[1], `${label} (page)`);
        // Updating with the vector is sanitized too.
        const upd = await blog.staff(store, 'PATCH', `/${post.id}`, { contentHtml: `<p>v2</p>${vector}` });
        assertSafeHtml(upd.data.post.contentHtml, `${label} (update)`);
      });
    }

    test('safe markup survives intact', async () => {
      const html = '<h1>T</h1><h4>S</h4><p><strong>b</strong> <em>i</em></p><ul><li>1</li></ul><ol><li>2</li></ol><blockquote>q</blockquote><p><a href="https://ex.example/p?a=1&amp;b=2" rel="noopener noreferrer">l</a><img src="https://img.example/i.png" alt="i" /></p>';
      const post = await blog.create(store, { title: 'Safe markup survives', contentHtml: html });
      assert.equal(post.contentHtml, html);
      const externalRel = await blog.create(store, { title: 'Links get rel', contentHtml: '<a href="http://ex.example" target="_blank" rel="opener">x</a>' });
      assert.equal(externalRel.contentHtml, '<a href="http://ex.example/" rel="noopener noreferrer">x</a>');
    });
  });

  describe('on render: content that bypassed the write path is sanitized again', () => {
    test('hostile HTML placed directly in both tables never reaches the API, page or RSS', async () => {
      const s = await env.createStore();
      const post = await blog.create(s, { title: 'Tampered post', contentHtml: '<p>clean</p>', status: 'published' });
      const hostile = Object.values(XSS_VECTORS).join('\n');
      await env.db.updateTable('blog_posts').set({ content_html: hostile }).where('id', '=', post.id).execute();
      await env.db.updateTable('blog_public_posts').set({ content_html: hostile, cover_image_url: 'javascript:alert(1)' }).where('post_id', '=', post.id).execute();

      const api = await blog.publicPost(s, post.slug);
      assertSafeHtml(api.data.contentHtml, 'render: public API');
      assert.equal(api.data.coverImageUrl, null);
      const page = await blog.page(s, post.slug);
      assert.ok(!page.body.includes('javascript:'));
      assert.ok(!(await blog.page(s)).body.includes('javascript:'));
      const content = /<div class="content">([\s\S]*)<\/div><\/article>/.exec(page.body);
      assert.ok(content);
      assertSafeHtml(content[1], 'render: page');
      assert.ok(!/<script(?! type="application\/ld\+json")/.test(page.body));
      const rss = await blog.rss(s);
      const encoded = /<content:encoded>([\s\S]*?)<\/content:encoded>/.exec(rss.body);
      assert.ok(encoded);
      assert.ok(!encoded[1].includes('<'), 'content:encoded is escaped text');
      assertSafeHtml(xmlDecode(encoded[1]), 'render: RSS');
      const description = /<item>[\s\S]*?<description>([\s\S]*?)<\/description>/.exec(rss.body);
      assert.ok(description && !description[1].includes('<'));
    });
  });
});
