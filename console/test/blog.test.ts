// The blog in Chromium, through the UI, on both engines: a post written with bold text, a link and
// an uploaded cover saves itself as a draft, previews as the public page, is published (the public
// page shows it), unpublished (the page is gone); pasted scripts and javascript: links never reach
// the stored post or the page; a published post changes only on Update, and leaving with unsaved
// changes asks first; the list filters by status; archive and delete ask first.
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { BrowserContext, Page } from 'playwright-core';
import type { TestStore } from '../../test/helpers/app.ts';
import { describeConsole, inspect, signInThroughUi } from './harness.ts';
import { pngFile } from '../../test/helpers/png.ts';

describeConsole('console blog', (c) => {
  let store: TestStore;

  before(async () => {
    store = await c.env.createStore({ name: 'Chai Corner', timezone: 'Africa/Accra' });
  });

  const api = async (method: 'GET' | 'POST' | 'PATCH', path: string, payload?: object) => {
    const res = await c.env.inject({ method, url: `/api/stores/${store.storeId}/blog/posts${path}`, headers: c.env.staffHeaders(store), ...(payload ? { payload } : {}) });
    assert.ok(res.statusCode < 300, res.body);
    return res.data;
  };

  async function signIn(): Promise<{ context: BrowserContext; page: Page }> {
    const { context, page } = await c.newPage();
    await signInThroughUi(page, store.email, store.password);
    await page.waitForURL(/\/today/);
    return { context, page };
  }

  /** The stored post once `ready` holds (autosave runs a moment after typing stops). */
  async function stored(postId: string, ready: (post: any) => boolean) {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const post = (await api('GET', `/${postId}`)).post;
      if (ready(post)) return post;
      assert.ok(Date.now() < deadline, `the post was not saved as expected: ${JSON.stringify(post)}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  const editorOf = (page: Page) => page.getByRole('textbox', { name: 'Text', exact: true });
  const saveStatus = (page: Page) => page.getByTestId('save-status');
  const postIdOf = (page: Page) => /\/blog\/(post_[A-Za-z0-9_-]+)/.exec(page.url())?.[1] ?? '';

  test('write a post with bold text, a link and a cover: it saves itself as a draft, previews as the public page, publishes, and unpublishing takes the page down', async () => {
    const { context, page } = await signIn();
    try {
      await page.getByRole('link', { name: 'Blog', exact: true }).click();
      await page.getByRole('heading', { level: 1, name: 'Blog' }).waitFor();
      await page.getByText('No posts yet').waitFor();
      await page.mouse.move(900, 880);
      await inspect(page, 'blog-empty', c.env.dialect.name);

      await page.getByRole('link', { name: 'New post' }).click();
      await page.getByRole('heading', { level: 1, name: 'New post' }).waitFor();
      const title = page.getByLabel(/^Title/);
      await title.fill('Spr');
      await page.getByText('3 of 5–120 characters').waitFor();
      await saveStatus(page).getByText('Not saved yet: the title needs 5–120 characters').waitFor();
      await title.fill('Spring masala menu');
      await page.getByText('18 of 5–120 characters').waitFor();
      // The address the title makes is shown before saving.
      await page.getByText('/s/' + store.slug + '/blog/spring-masala-menu').waitFor();

      const editor = editorOf(page);
      await editor.click();
      await page.keyboard.type('Fresh leaves and ');
      await page.keyboard.press('Control+b');
      await page.keyboard.type('bold spices');
      await page.keyboard.press('Control+b');
      await page.keyboard.type(' all week. Menu: ');
      assert.equal(await page.getByRole('button', { name: 'Bold' }).getAttribute('aria-pressed'), 'false');
      // Ctrl+K opens the link dialog; a javascript: address is refused there.
      await page.keyboard.press('Control+k');
      const linkDialog = page.getByRole('dialog', { name: 'Add link' });
      await linkDialog.getByLabel('Link address').fill('javascript:alert(1)');
      await linkDialog.getByRole('button', { name: 'Add link' }).click();
      await linkDialog.getByText(/Links must start with https:\/\/ or http:\/\//).waitFor();
      await linkDialog.getByLabel('Link address').fill('https://chai.example/menu');
      await linkDialog.getByRole('button', { name: 'Add link' }).click();
      await linkDialog.waitFor({ state: 'detached' });
      await editor.locator('a[href="https://chai.example/menu"]').waitFor();

      // The cover: a file over 5 MB is refused before anything is sent; a picture uploads.
      const uploads: string[] = [];
      page.on('request', (r) => {
        if (r.url().includes('/api/uploads')) uploads.push(r.url());
      });
      const details = page.getByRole('region', { name: 'Details' });
      await details.locator('input[type=file]').setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(5 * 1024 * 1024 + 1) });
      await details.getByText('“huge.png” is 5.0 MB; pictures can be at most 5 MB.').waitFor();
      assert.deepEqual(uploads, []);
      await details.locator('input[type=file]').setInputFiles(pngFile('cover.png', [190, 110, 40], 640, 360));
      await details.getByLabel('Cover description (alt text)').fill('A cup of masala chai');
      await details.getByRole('img', { name: 'A cup of masala chai' }).waitFor();
      assert.equal(uploads.length, 1);

      // Autosave: the draft is created and moves to its own address; the editor keeps its text.
      await page.waitForURL(/\/blog\/post_/);
      const postId = postIdOf(page);
      const draft = await stored(postId, (p) => p.coverImageAlt === 'A cup of masala chai');
      await saveStatus(page).getByText(/^Saved at /).waitFor();
      assert.match(await editor.innerText(), /Fresh leaves and bold spices all week/);
      assert.equal(draft.status, 'draft');
      assert.equal(draft.title, 'Spring masala menu');
      assert.equal(draft.slug, 'spring-masala-menu');
      assert.match(draft.contentHtml, /<strong>bold spices<\/strong>/);
      assert.match(draft.contentHtml, /<a href="https:\/\/chai\.example\/menu" rel="noopener noreferrer">https:\/\/chai\.example\/menu<\/a>/);
      assert.match(draft.coverImageUrl, new RegExp(`/uploads/${store.storeId}/`));
      assert.equal(draft.coverImageAlt, 'A cup of masala chai');
      await page.mouse.move(900, 880);
      await inspect(page, 'blog-editor-draft', c.env.dialect.name);

      // More typing saves again (a PATCH of the draft, never a second post).
      await editor.click();
      await page.keyboard.press('Control+End');
      await page.keyboard.press('Enter');
      await page.getByRole('button', { name: 'H2 heading' }).click();
      assert.equal(await page.getByRole('button', { name: 'H2 heading' }).getAttribute('aria-pressed'), 'true');
      await page.keyboard.type('Opening hours');
      await stored(postId, (p) => p.contentHtml.includes('<h2>Opening hours</h2>'));
      assert.equal((await api('GET', '')).posts.length, 1);
      // The address is shown and can be changed; the draft saves it too.
      const slug = page.getByLabel('Address (slug)');
      assert.equal(await slug.inputValue(), 'spring-masala-menu');
      await slug.fill('Spring Menu!');
      // Autosave checks the form first: a malformed address is explained under the field, not sent.
      await page.getByText('Lowercase letters, digits and single hyphens, at most 80').waitFor();
      assert.equal((await api('GET', `/${postId}`)).post.slug, 'spring-masala-menu');
      await slug.fill('spring-menu');
      await stored(postId, (p) => p.slug === 'spring-menu');

      // Preview: the public template, rendered by the service, in a sandboxed frame.
      await page.getByRole('button', { name: 'Preview' }).click();
      const preview = page.getByRole('dialog', { name: 'Preview of the public page' });
      const frame = page.frameLocator('iframe[title="Public page preview"]');
      await frame.getByRole('heading', { level: 1, name: 'Spring masala menu' }).waitFor();
      await frame.locator('strong', { hasText: 'bold spices' }).waitFor();
      assert.equal(await frame.locator('img.cover').getAttribute('alt'), 'A cup of masala chai');
      assert.equal(await frame.locator('a[href="https://chai.example/menu"]').getAttribute('rel'), 'noopener noreferrer');
      await inspect(page, 'blog-preview', c.env.dialect.name);
      await preview.getByRole('button', { name: 'Close preview' }).click();
      await preview.waitFor({ state: 'detached' });

      await page.getByRole('button', { name: 'Publish', exact: true }).click();
      await page.getByText('Published: the post is on your blog').waitFor();
      await page.getByRole('link', { name: 'View public page' }).waitFor();
      assert.equal((await api('GET', `/${postId}`)).post.status, 'published');

      // The public page, opened in Chromium.
      const visitor = await context.newPage();
      const shown = await visitor.goto(`/s/${store.slug}/blog/spring-menu`);
      assert.equal(shown?.status(), 200);
      await visitor.getByRole('heading', { level: 1, name: 'Spring masala menu' }).waitFor();
      assert.equal(await visitor.locator('article strong').innerText(), 'bold spices');
      assert.equal(await visitor.locator('article a[href="https://chai.example/menu"]').getAttribute('rel'), 'noopener noreferrer');
      assert.equal(await visitor.locator('article img.cover').getAttribute('alt'), 'A cup of masala chai');
      await visitor.getByRole('heading', { level: 2, name: 'Opening hours' }).waitFor();

      await page.getByRole('button', { name: 'Unpublish' }).click();
      const confirm = page.getByRole('dialog', { name: 'Unpublish this post?' });
      // Mantine names a dialog (aria-labelledby) a render after it appears: wait for the name.
      await confirm.waitFor();
      await inspect(page, 'blog-unpublish-confirm', c.env.dialect.name);
      await confirm.getByRole('button', { name: 'Unpublish' }).click();
      await page.getByText('Unpublished: the post is a draft again').waitFor();
      assert.equal((await api('GET', `/${postId}`)).post.status, 'draft');
      const gone = await visitor.reload();
      assert.equal(gone?.status(), 404);
      await visitor.getByRole('heading', { level: 1, name: 'Not found' }).waitFor();
    } finally {
      await context.close();
    }
  });

  test('a pasted <script>, event handler and javascript: link never reach the stored post or the public page', async () => {
    const post = (await api('POST', '', { title: 'Pasted from elsewhere', contentHtml: '<p>Start.</p>' })).post;
    const { context, page } = await signIn();
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    try {
      await page.goto(`/console/s/${store.storeId}/blog/${post.id}`);
      const editor = editorOf(page);
      await editor.click();
      await page.keyboard.press('Control+End');
      // What a browser's clipboard would hand over when copying from a hostile page.
      await editor.evaluate((el) => {
        const data = new DataTransfer();
        data.setData('text/html', '<p>Pasted <b>text</b></p><script>window.__pwned = 1</script><p><a href="javascript:window.__pwned=2">click me</a> and <a href="https://ok.example/">a fine link</a></p><img src="x" onerror="window.__pwned=3"><img src="data:image/png;base64,AAAA"><pre>code</pre><hr><iframe src="https://evil.example"></iframe><p style="color:red" onclick="window.__pwned=4">styled</p>');
        data.setData('text/plain', 'Pasted text click me styled');
        el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
      });
      await editor.getByText('click me').waitFor();
      assert.equal(await editor.locator('script, iframe, pre, hr, [onerror], [onclick], [style], a[href^="javascript"], img').count(), 0);
      const saved = (await stored(post.id, (p) => p.contentHtml.includes('click me'))).contentHtml as string;
      await saveStatus(page).getByText(/^Saved at /).waitFor();
      assert.match(saved, /Pasted <strong>text<\/strong>/);
      assert.match(saved, /<a href="https:\/\/ok\.example\/" rel="noopener noreferrer">a fine link<\/a>/);
      for (const bad of ['<script', 'javascript:', 'onerror', 'onclick', 'style=', '__pwned', 'data:', '<pre', '<iframe', '<hr']) assert.ok(!saved.includes(bad), `${bad} stored: ${saved}`);

      await page.getByRole('button', { name: 'Publish', exact: true }).click();
      await page.getByText('Published: the post is on your blog').waitFor();
      const visitor = await context.newPage();
      visitor.on('dialog', (d) => {
        dialogs.push(d.message());
        void d.dismiss();
      });
      await visitor.goto(`/s/${store.slug}/blog/${post.slug}`);
      await visitor.getByText('click me').waitFor();
      const html = await visitor.content();
      for (const bad of ['javascript:', 'onerror', 'onclick', '__pwned = 1', 'evil.example']) assert.ok(!html.includes(bad), `${bad} on the page`);
      assert.equal(await visitor.evaluate(() => (window as unknown as { __pwned?: number }).__pwned), undefined);
      assert.equal(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned), undefined);
      assert.deepEqual(dialogs, []);
    } finally {
      await context.close();
    }
  });

  test('a published post changes only on Update; leaving or reloading with unsaved changes asks first', async () => {
    const post = (await api('POST', '', { title: 'Opening times', contentHtml: '<p>Open daily.</p>', status: 'published' })).post;
    const { context, page } = await signIn();
    const patches: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'PATCH') patches.push(r.url());
    });
    try {
      await page.goto(`/console/s/${store.storeId}/blog/${post.id}`);
      await page.getByRole('heading', { level: 1, name: 'Opening times' }).waitFor();
      await page.getByLabel(/^Title/).fill('Opening times this week');
      await saveStatus(page).getByText('Unsaved changes: the public page changes when you click Update').waitFor();
      // Longer than a draft's autosave delay: a published post still sends nothing.
      await page.waitForTimeout(3000);
      assert.deepEqual(patches, []);

      await page.getByRole('link', { name: '‹ All posts' }).click();
      const leave = page.getByRole('dialog', { name: 'Leave without saving?' });
      await leave.waitFor();
      assert.equal(await leave.getByRole('button', { name: 'Save and leave' }).count(), 0, 'a published post is not saved on the way out');
      await inspect(page, 'blog-leave-dialog', c.env.dialect.name);
      await leave.getByRole('button', { name: 'Stay and keep editing' }).click();
      assert.equal(await page.getByLabel(/^Title/).inputValue(), 'Opening times this week');
      assert.match(page.url(), new RegExp(`/blog/${post.id}$`));

      // A reload asks the browser's own question.
      const asked = page.waitForEvent('dialog');
      void page.reload().catch(() => undefined);
      const question = await asked;
      assert.equal(question.type(), 'beforeunload');
      await question.dismiss();
      assert.equal(await page.getByLabel(/^Title/).inputValue(), 'Opening times this week');

      await page.getByRole('button', { name: 'Update published post' }).click();
      await page.getByText('Saved: the public page shows the changes').waitFor();
      const pub = await c.env.inject({ method: 'GET', url: `/api/public/blog/${post.slug}?storeSlug=${store.slug}` });
      assert.equal(pub.data.title, 'Opening times this week');
      await page.getByRole('link', { name: '‹ All posts' }).click();
      await page.getByRole('heading', { level: 1, name: 'Blog' }).waitFor();
    } finally {
      await context.close();
    }
  });

  test('the list filters by status; a draft is archived, moved back and deleted, each asked first', async () => {
    await api('POST', '', { title: 'Archived recipe', contentHtml: '<p>x</p>' }).then(({ post }) => api('POST', `/${post.id}/unpublish`, { to: 'archived' }));
    const draft = (await api('POST', '', { title: 'Draft about cardamom', contentHtml: '<p>Cardamom.</p>' })).post;
    const { context, page } = await signIn();
    try {
      await page.goto(`/console/s/${store.storeId}/blog`);
      await page.getByRole('heading', { level: 1, name: 'Blog' }).waitFor();
      await page.getByRole('link', { name: 'Draft about cardamom' }).waitFor();
      await page.getByRole('link', { name: 'Archived recipe' }).waitFor();
      await page.mouse.move(900, 880);
      await inspect(page, 'blog-list', c.env.dialect.name);

      await page.getByRole('radiogroup', { name: 'Show posts' }).getByText('Drafts').click();
      await page.waitForURL(/\?status=draft/);
      await page.getByRole('link', { name: 'Archived recipe' }).waitFor({ state: 'detached' });
      await page.getByRole('link', { name: 'Draft about cardamom' }).waitFor();
      await page.getByRole('radiogroup', { name: 'Show posts' }).getByText('Archived').click();
      await page.getByRole('link', { name: 'Archived recipe' }).waitFor();
      assert.equal(await page.getByRole('link', { name: 'Draft about cardamom' }).count(), 0);
      await page.getByRole('radiogroup', { name: 'Show posts' }).getByText('Published').click();
      await page.waitForURL(/\?status=published/);

      await page.goto(`/console/s/${store.storeId}/blog/${draft.id}`);
      await page.getByRole('button', { name: 'Archive' }).click();
      await page.getByRole('dialog', { name: 'Archive this post?' }).getByRole('button', { name: 'Archive' }).click();
      await page.getByText('Archived', { exact: true }).first().waitFor();
      assert.equal((await api('GET', `/${draft.id}`)).post.status, 'archived');
      await page.getByRole('button', { name: 'Move to drafts' }).click();
      await page.getByText('Moved to drafts').waitFor();
      assert.equal((await api('GET', `/${draft.id}`)).post.status, 'draft');

      await page.getByRole('button', { name: 'Delete post' }).click();
      const confirm = page.getByRole('dialog', { name: 'Delete this post?' });
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      assert.equal((await api('GET', `/${draft.id}`)).post.id, draft.id);
      await page.getByRole('button', { name: 'Delete post' }).click();
      await confirm.getByRole('button', { name: 'Delete post' }).click();
      await page.waitForURL(/\/blog$/);
      await page.getByText('Post deleted').waitFor();
      assert.equal(await page.getByRole('link', { name: 'Draft about cardamom' }).count(), 0);
      const missing = await c.env.inject({ method: 'GET', url: `/api/stores/${store.storeId}/blog/posts/${draft.id}`, headers: c.env.staffHeaders(store) });
      assert.equal(missing.statusCode, 404);
    } finally {
      await context.close();
    }
  });
});
