// Content in Chromium, through the UI, on both engines: the promo with its window picked in the
// store's time zone (live now / not live, as websites see it), the gallery (upload, describe,
// publish, reorder by keyboard and by drag: the order reaches the integration API), videos.
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';
import type { TestStore } from '../../test/helpers/app.ts';
import { describeConsole, inspect, signInThroughUi } from './harness.ts';
import { pngFile } from '../../test/helpers/png.ts';

// +05:30 all year: a window picked in the store's zone is not the browser's (UTC) nor a whole-hour shift.
const ZONE = 'Asia/Kolkata';

/** Waits until the dialog has taken the focus (Mantine's modal does once its opening transition ends). */
async function focusInside(page: Page, dialog: Locator) {
  await dialog.waitFor();
  await page.waitForFunction(() => [...document.querySelectorAll('[role=dialog]')].some((d) => d.contains(document.activeElement)));
}

describeConsole('console content', (c) => {
  let store: TestStore;
  let key = '';

  before(async () => {
    store = await c.env.createStore({ name: 'Chai Corner', timezone: ZONE });
    key = await c.env.createKey(store);
  });

  const staff = async (method: 'GET' | 'PUT', path: string, payload?: object) =>
    (await c.env.inject({ method, url: `/api/stores/${store.storeId}${path}`, headers: c.env.staffHeaders(store), ...(payload ? { payload } : {}) })).data;
  const integration = async (path: string) => c.env.inject({ method: 'GET', url: `${path}?storeId=${store.storeId}`, headers: c.env.keyHeaders(key) });

  async function open(tab: string) {
    const { context, page } = await c.newPage();
    await signInThroughUi(page, store.email, store.password);
    await page.waitForURL(/\/today/);
    await page.getByRole('link', { name: 'Content', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Content' }).waitFor();
    if (tab !== 'Promo') await page.getByRole('tab', { name: tab }).click();
    await page.mouse.move(900, 880);
    return { context, page };
  }

  /** The name of a day button of the pickers (their getDayAriaLabel, in the page's en-GB locale). */
  const dayName = (date: Date) => new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(date);

  /** Picks a day of next month (at a time, when given) in the date-time picker labelled `label` within `scope`. */
  async function pickNextMonth(page: Page, scope: ReturnType<Page['locator']> | Page, label: string, day: number, time?: [string, string]) {
    await scope.getByRole('button', { name: label, exact: true }).click();
    const dropdown = page.getByRole('dialog').filter({ has: page.getByRole('button', { name: 'Next month' }) });
    await dropdown.waitFor();
    await dropdown.getByRole('button', { name: 'Next month' }).click();
    const now = new Date();
    await dropdown.getByRole('button', { name: dayName(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, day))), exact: true }).click();
    if (time) {
      await dropdown.getByLabel('Hours').fill(time[0]);
      await dropdown.getByLabel('Minutes').fill(time[1]);
    }
    await dropdown.getByRole('button', { name: 'Done' }).click();
    await dropdown.waitFor({ state: 'hidden' });
  }

  test('promo: saved with a picture and a button, live now; a window that starts next month is not live, and its start is the store-zone time', async () => {
    const { context, page } = await open('Promo');
    try {
      await page.getByText('No promo. Websites get none until you save one.').waitFor();
      await inspect(page, 'content-promo-empty', c.env.dialect.name);

      await page.getByLabel(/^Title/).fill('Monsoon masala week');
      await page.getByLabel('Subtitle').fill('Two cups for one');
      await page.getByLabel('Text', { exact: true }).fill('Every afternoon from 3 pm.\nBring a friend.');
      await page.locator('input[type=file]').setInputFiles(pngFile('promo.png', [200, 120, 40], 320, 180));
      await page.getByRole('img', { name: /Promo picture/ }).waitFor();
      await page.getByLabel('Button label').fill('See the menu');
      await page.getByLabel('Button link').fill('javascript:alert(1)');
      await page.getByRole('button', { name: 'Save promo' }).click();
      await page.getByText('An address starting with https:// or http://').waitFor();
      await page.getByLabel('Button link').fill('https://chai.example/menu');
      // The preview shows the fields as typed, before saving.
      const preview = page.getByRole('figure', { name: 'Promo as a website shows it' });
      await preview.getByText('Monsoon masala week').waitFor();
      await preview.getByText('See the menu').waitFor();
      assert.equal(await page.getByTestId('promo-preview-live').innerText(), 'live now');
      await page.getByRole('button', { name: 'Save promo' }).click();
      await page.getByText('Promo saved: it is live now').waitFor();
      const status = page.getByRole('region', { name: 'Status' });
      await status.getByText('Live now').waitFor();
      await status.getByText('Shows with no end date.').waitFor();
      const live = await integration('/v1IntegrationPromo');
      assert.equal(live.data.promo.title, 'Monsoon masala week');
      assert.equal(live.data.promo.ctaUrl, 'https://chai.example/menu');
      assert.match(live.data.promo.imageUrl, new RegExp(`/uploads/${store.storeId}/`));
      await inspect(page, 'content-promo-live', c.env.dialect.name);

      // Next month, day 10, 09:30 in Kolkata = 04:00 UTC.
      await pickNextMonth(page, page, 'Starts', 10, ['09', '30']);
      assert.equal(await page.getByTestId('promo-preview-live').innerText(), 'not live now');
      await page.getByRole('button', { name: 'Save promo' }).click();
      await page.getByText('Promo saved: it is not live now').waitFor();
      await status.getByText('Not live').waitFor();
      await status.getByText(/^Starts /).waitFor();
      const scheduled = (await staff('GET', '/promo')).promo;
      const now = new Date();
      const expected = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 10, 4, 0));
      assert.equal(scheduled.startsAt, expected.toISOString());
      assert.equal((await integration('/v1IntegrationPromo')).data.promo, null, 'websites see no promo before its start');
      // Reloaded, the picker shows the same store-zone time it was given.
      await page.reload();
      await page.getByRole('button', { name: 'Starts', exact: true }).filter({ hasText: '09:30' }).waitFor();
      await inspect(page, 'content-promo-scheduled', c.env.dialect.name);

      await page.getByRole('button', { name: 'Clear the start' }).click();
      await page.getByRole('button', { name: 'Save promo' }).click();
      await page.getByText('Promo saved: it is live now').waitFor();
      await page.getByRole('region', { name: 'Status' }).getByText('Live now').waitFor();

      await page.getByRole('button', { name: 'Remove promo', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Remove the promo?' });
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      assert.equal((await staff('GET', '/promo')).promo.title, 'Monsoon masala week');
      await page.getByRole('button', { name: 'Remove promo', exact: true }).click();
      await dialog.getByRole('button', { name: 'Remove promo', exact: true }).click();
      await page.getByText('No promo. Websites get none until you save one.').waitFor();
      assert.equal((await staff('GET', '/promo')).promo, null);
    } finally {
      await context.close();
    }
  });

  test('gallery: pictures upload hidden, get a description and are published; a keyboard reorder and a drag persist and reach websites', async () => {
    const { context, page } = await open('Gallery');
    try {
      await page.getByText('No pictures yet').waitFor();
      const requests: string[] = [];
      page.on('request', (r) => requests.push(r.url()));
      // A file that is not a picture is refused before anything is sent.
      await page.locator('input[type=file]').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
      await page.getByText('“notes.txt” is not an image.').waitFor();
      assert.equal(requests.filter((u) => u.includes('/api/uploads')).length, 0);
      await page.getByRole('button', { name: 'Dismiss' }).first().click();

      await page.locator('input[type=file]').setInputFiles([pngFile('a.png', [220, 60, 60]), pngFile('b.png', [60, 160, 60]), pngFile('c.png', [60, 80, 220])]);
      await page.getByText('3 pictures added, hidden until you publish').waitFor();
      const entries = page.getByTestId('gallery-entry');
      await page.waitForFunction(() => document.querySelectorAll('[data-testid=gallery-entry]').length === 3);
      for (const [i, name] of ['Red tea cup', 'Green garden', 'Blue door'].entries()) {
        const row = entries.nth(i);
        await row.getByLabel('Description (alt text)').fill(name);
        await row.getByRole('button', { name: 'Save picture details' }).click();
        await row.getByRole('button', { name: `Move down: ${name}` }).or(row.getByRole('button', { name: `Move up: ${name}` })).first().waitFor();
        if (i < 2) {
          await row.getByRole('switch', { name: 'Published on websites' }).click();
          await page.getByText(`${name} is published`).waitFor();
        }
      }
      const ids = async () => (await staff('GET', '/gallery')).gallery.map((g: any) => g.alt);
      assert.deepEqual(await ids(), ['Red tea cup', 'Green garden', 'Blue door']);
      assert.deepEqual((await integration('/integrationGallery')).data.gallery.map((g: any) => g.alt), ['Red tea cup', 'Green garden'], 'hidden pictures never reach websites');
      await inspect(page, 'content-gallery', c.env.dialect.name);

      // Keyboard: focus "Move down" of the first picture and press it twice; the focus stays with it.
      const down = page.getByRole('button', { name: 'Move down: Red tea cup' });
      await down.focus();
      await page.keyboard.press('Enter');
      await page.getByText('Red tea cup moved to position 2 of 3. Order saved.').waitFor();
      assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('aria-label')), 'Move down: Red tea cup');
      await page.keyboard.press('Space');
      await page.getByText('Red tea cup moved to position 3 of 3. Order saved.').waitFor();
      // At the bottom "Move down" is disabled: the focus moved to its "Move up".
      assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('aria-label')), 'Move up: Red tea cup');
      assert.deepEqual(await ids(), ['Green garden', 'Blue door', 'Red tea cup']);
      assert.deepEqual((await integration('/integrationGallery')).data.gallery.map((g: any) => g.alt), ['Green garden', 'Red tea cup']);

      // Drag: the blue door onto the first place.
      await entries.nth(1).dragTo(entries.nth(0));
      await page.getByText('Blue door moved to position 1 of 3. Order saved.').waitFor();
      assert.deepEqual(await ids(), ['Blue door', 'Green garden', 'Red tea cup']);
      await page.reload();
      await page.getByRole('tab', { name: 'Gallery', selected: true }).waitFor();
      await page.waitForFunction(() => document.querySelectorAll('[data-testid=gallery-entry]').length === 3);
      assert.deepEqual(
        await page.getByRole('list', { name: 'Gallery pictures in display order' }).getByRole('article').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label'))),
        ['Blue door, position 1 of 3', 'Green garden, position 2 of 3', 'Red tea cup, position 3 of 3'],
      );

      await page.getByRole('button', { name: 'Delete: Green garden' }).click();
      await page.getByRole('dialog', { name: 'Delete this picture?' }).getByRole('button', { name: 'Delete picture' }).click();
      await page.getByText('Picture deleted').waitFor();
      assert.deepEqual(await ids(), ['Blue door', 'Red tea cup']);
    } finally {
      await context.close();
    }
  });

  test('videos: add, edit and delete; the feed follows the publication dates', async () => {
    const { context, page } = await open('Videos');
    try {
      await page.getByText('No videos').waitFor();
      assert.equal((await integration('/integrationVideos')).statusCode, 404);
      await inspect(page, 'content-videos-empty', c.env.dialect.name);

      await page.getByRole('button', { name: 'Add video' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add video' });
      await focusInside(page, dialog);
      await dialog.getByLabel(/^Title/).fill('Brewing masala chai');
      await dialog.getByLabel(/^Video address/).fill('https://www.youtube.com/watch?v=abc123');
      await dialog.locator('input[type=file]').setInputFiles(pngFile('thumb.png', [120, 80, 30], 320, 180));
      await dialog.getByRole('img', { name: /Thumbnail/ }).waitFor();
      await inspect(page, 'content-video-dialog', c.env.dialect.name);
      await dialog.getByRole('button', { name: 'Add video' }).click();
      await page.getByText('Video added').waitFor();
      await dialog.waitFor({ state: 'detached' });

      await page.getByRole('button', { name: 'Add video' }).click();
      // Mantine moves the focus into a modal once it has opened; a fill before that could see its
      // text typed into the field the focus then lands on (a full run once got "Our gardennot a link").
      await focusInside(page, dialog);
      await dialog.getByLabel(/^Title/).fill('Our garden');
      await dialog.getByLabel(/^Video address/).fill('not a link');
      await dialog.getByRole('button', { name: 'Add video' }).click();
      await dialog.getByText('The video’s address, starting with https://').waitFor();
      await dialog.getByLabel(/^Video address/).fill('https://vimeo.com/42');
      await pickNextMonth(page, dialog, 'Published', 1);
      await dialog.getByRole('button', { name: 'Add video' }).click();
      await page.getByText('Video added').last().waitFor();
      await dialog.waitFor({ state: 'detached' });

      const feed = await integration('/integrationVideos');
      assert.equal(feed.statusCode, 200);
      assert.deepEqual(feed.data.videos.map((v: any) => [v.title, v.provider]), [['Our garden', 'vimeo'], ['Brewing masala chai', 'youtube']], 'dated first, then undated');
      assert.match(feed.data.videos[1].thumbnailUrl, /\/uploads\//);
      const list = page.getByRole('list', { name: 'Videos in feed order' });
      await list.getByRole('heading', { name: '1. Our garden' }).waitFor();
      await inspect(page, 'content-videos', c.env.dialect.name);

      await page.getByRole('button', { name: 'Edit: Brewing masala chai' }).click();
      const edit = page.getByRole('dialog', { name: 'Edit video' });
      await edit.getByLabel(/^Title/).fill('Brewing masala chai at home');
      await edit.getByRole('button', { name: 'Save video' }).click();
      await list.getByRole('heading', { name: '2. Brewing masala chai at home' }).waitFor();

      await page.getByRole('button', { name: 'Delete: Our garden' }).click();
      await page.getByRole('dialog', { name: 'Delete this video?' }).getByRole('button', { name: 'Delete video' }).click();
      await page.getByText('Video deleted').waitFor();
      assert.deepEqual((await integration('/integrationVideos')).data.videos.map((v: any) => v.title), ['Brewing masala chai at home']);
    } finally {
      await context.close();
    }
  });
});
