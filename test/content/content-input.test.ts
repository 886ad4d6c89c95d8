import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { isPromoActive, parseGalleryInput, parseIsoTimestamp, parsePromoInput, parseVideoInput, providerFromUrl } from '../../src/modules/content/content-input.ts';
import { sortVideos, type Video } from '../../src/modules/content/service.ts';

describe('parseIsoTimestamp', () => {
  test('accepts full timestamps with Z or an offset and returns UTC with milliseconds', () => {
    assert.equal(parseIsoTimestamp('2026-01-01T00:00:00Z'), '2026-01-01T00:00:00.000Z');
    assert.equal(parseIsoTimestamp('2026-01-01T00:00Z'), '2026-01-01T00:00:00.000Z');
    assert.equal(parseIsoTimestamp('2026-01-01T01:30:00+01:30'), '2026-01-01T00:00:00.000Z');
    assert.equal(parseIsoTimestamp('2026-01-01T00:00:00.123456z'), '2026-01-01T00:00:00.123Z');
    assert.equal(parseIsoTimestamp('2024-02-29T12:00:00-05:00'), '2024-02-29T17:00:00.000Z');
  });

  test('refuses zone-less, date-only, impossible and garbage values', () => {
    for (const value of ['2026-01-01', '2026-01-01T00:00:00', '2026-02-30T00:00:00Z', '2025-02-29T00:00:00Z', '2026-13-01T00:00:00Z',
      '2026-01-01T24:00:00Z', '2026-01-01T10:60:00Z', '2026-01-01T10:00:60Z', '2026-01-01T10:00:00+15:00', '2026-01-01 10:00:00Z',
      'yesterday', '', '1767225600000', '2026-01-01T00:00:00Z ']) {
      assert.equal(parseIsoTimestamp(value), null, value);
    }
  });
});

describe('isPromoActive', () => {
  const now = '2026-06-15T12:00:00.000Z';
  test('open bounds are always active', () => assert.equal(isPromoActive({ startsAt: null, endsAt: null }, now), true));
  test('startsAt is inclusive, endsAt exclusive', () => {
    assert.equal(isPromoActive({ startsAt: now, endsAt: null }, now), true);
    assert.equal(isPromoActive({ startsAt: null, endsAt: now }, now), false);
    assert.equal(isPromoActive({ startsAt: '2026-06-15T12:00:00.001Z', endsAt: null }, now), false);
    assert.equal(isPromoActive({ startsAt: '2026-06-01T00:00:00.000Z', endsAt: '2026-07-01T00:00:00.000Z' }, now), true);
  });
});

describe('providerFromUrl', () => {
  test('recognises the common video hosts and nothing else', () => {
    assert.equal(providerFromUrl('https://www.youtube.com/watch?v=x'), 'youtube');
    assert.equal(providerFromUrl('https://youtu.be/x'), 'youtube');
    assert.equal(providerFromUrl('https://www.youtube-nocookie.com/embed/x'), 'youtube');
    assert.equal(providerFromUrl('https://player.vimeo.com/video/1'), 'vimeo');
    assert.equal(providerFromUrl('https://www.tiktok.com/@a/video/1'), 'tiktok');
    assert.equal(providerFromUrl('https://fb.watch/abc'), 'facebook');
    assert.equal(providerFromUrl('https://notyoutube.com/watch'), null);
    assert.equal(providerFromUrl('https://youtube.com.evil.example/watch'), null);
    assert.equal(providerFromUrl('not a url'), null);
  });
});

describe('content input parsers', () => {
  test('gallery: trims, defaults and reports every bad field at once', () => {
    assert.deepEqual(parseGalleryInput({ url: ' https://a.example/x.png ', caption: '  ', alt: ' A ' }).value, {
      url: 'https://a.example/x.png',
      caption: null,
      alt: 'A',
      isPublished: true,
      sortOrder: 0,
    });
    const bad = parseGalleryInput({ url: 'ftp://a', caption: 5, isPublished: 1, sortOrder: '1' });
    assert.equal(bad.value, null);
    assert.deepEqual(bad.errors.map((e) => e.field).sort(), ['caption', 'isPublished', 'sortOrder', 'url']);
    assert.equal(parseGalleryInput({ url: '   ' }).errors[0].field, 'url');
    assert.equal(parsePromoInput({ title: 'x', ctaUrl: '  ' }).value?.ctaUrl, null);
    assert.equal(parseGalleryInput(null).errors[0].field, 'body');
    assert.equal(parseGalleryInput([]).errors[0].field, 'body');
  });

  test('promo: endsAt must be after startsAt, compared in UTC', () => {
    assert.ok(parsePromoInput({ title: 'x', startsAt: '2026-01-01T10:00:00+02:00', endsAt: '2026-01-01T08:00:01Z' }).value);
    const same = parsePromoInput({ title: 'x', startsAt: '2026-01-01T10:00:00+02:00', endsAt: '2026-01-01T08:00:00Z' });
    assert.deepEqual(same.errors, [{ field: 'endsAt', message: 'must be after startsAt' }]);
  });

  test('video: provider is lowercased when sent and derived from the URL when not', () => {
    assert.equal(parseVideoInput({ title: 't', url: 'https://vimeo.com/1', provider: ' Wistia ' }).value?.provider, 'wistia');
    assert.equal(parseVideoInput({ title: 't', url: 'https://vimeo.com/1' }).value?.provider, 'vimeo');
    assert.equal(parseVideoInput({ title: 't', url: 'https://vimeo.com/1', provider: null }).value?.provider, 'vimeo');
  });
});

describe('sortVideos', () => {
  const v = (id: string, publishedAt: string | null, createdAt: string): Video => ({ id, title: id, url: 'https://v.example', thumbnailUrl: null, provider: null, publishedAt, createdAt });
  test('newest publishedAt first, undated after, ties by newest added', () => {
    const sorted = sortVideos([
      v('undated-old', null, '2026-01-01T00:00:00.000Z'),
      v('pub-2025', '2025-01-01T00:00:00.000Z', '2026-01-05T00:00:00.000Z'),
      v('undated-new', null, '2026-01-03T00:00:00.000Z'),
      v('pub-2026', '2026-01-01T00:00:00.000Z', '2026-01-02T00:00:00.000Z'),
    ]);
    assert.deepEqual(sorted.map((x) => x.id), ['pub-2026', 'pub-2025', 'undated-new', 'undated-old']);
  });
});
