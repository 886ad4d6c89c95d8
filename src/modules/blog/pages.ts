// Hosted blog pages and the RSS feed: server-rendered strings. Every interpolation goes through
// html`…`, which escapes unless the value is marked raw (sanitized post HTML, nested templates).
// No scripts: the app's CSP allows self scripts only; JSON-LD is data, escaped for a <script> body.
import { DateTime } from 'luxon';
import type { Store } from '../stores/service.ts';
import type { PublicPost, PublicPostSummary } from './service.ts';
import { escapeHtml, html, raw, type Raw } from '../../shared/html.ts';
import { renderPlainText, renderPostHtml, truncate } from './sanitize.ts';

/** JSON for a <script type="application/ld+json"> body: nothing in it can close the element. */
export function jsonForScript(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

const STYLE = `
*,*::before,*::after{box-sizing:border-box}
body{margin:0;font:17px/1.6 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1d1d1f;background:#fafafa}
header.site,main,footer{max-width:46rem;margin:0 auto;padding:1rem 1.25rem}
header.site{display:flex;justify-content:space-between;align-items:baseline;gap:1rem;flex-wrap:wrap;border-bottom:1px solid #e5e5e5}
header.site a{color:inherit;text-decoration:none;font-weight:600}
header.site .links{display:flex;gap:1rem;flex-wrap:wrap}
a{color:#0b57d0}
.posts{list-style:none;margin:0;padding:0;display:grid;gap:1.5rem}
.card{background:#fff;border:1px solid #e5e5e5;border-radius:12px;overflow:hidden}
.card img{display:block;width:100%;height:auto;aspect-ratio:16/9;object-fit:cover;background:#eee}
.card .body{padding:1rem 1.25rem}
.card h2{margin:0 0 .25rem;font-size:1.3rem;line-height:1.3}
.card h2 a{color:inherit;text-decoration:none}
time{color:#666;font-size:.9rem}
article img{max-width:100%;height:auto}
article h1{font-size:2rem;line-height:1.2;margin:.5rem 0}
.cover{width:100%;height:auto;border-radius:12px;margin:1rem 0}
blockquote{margin:1rem 0;padding:.25rem 1rem;border-left:4px solid #ccc;color:#444}
.more{display:inline-block;margin-top:1.5rem}
footer{color:#666;font-size:.9rem}
@media (max-width:480px){body{font-size:16px}article h1{font-size:1.6rem}}
`;

interface Head {
  title: string;
  description: string;
  canonical: string;
  rssUrl: string | null;
  ogType: 'website' | 'article';
  image: string | null;
  imageAlt?: string | null;
  jsonLd?: unknown;
  robots?: string;
}

function layout(store: Store | null, head: Head, body: Raw, lang = 'en'): string {
  const page = html`<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${head.title}</title>
<meta name="description" content="${head.description}">
${head.robots ? html`<meta name="robots" content="${head.robots}">\n` : ''}<link rel="canonical" href="${head.canonical}">
${head.rssUrl ? html`<link rel="alternate" type="application/rss+xml" title="${store?.name ?? ''} blog" href="${head.rssUrl}">\n` : ''}<meta property="og:title" content="${head.title}">
<meta property="og:description" content="${head.description}">
<meta property="og:type" content="${head.ogType}">
<meta property="og:url" content="${head.canonical}">
${store ? html`<meta property="og:site_name" content="${store.name}">\n` : ''}${head.image ? html`<meta property="og:image" content="${head.image}">\n${head.imageAlt ? html`<meta property="og:image:alt" content="${head.imageAlt}">\n` : ''}<meta name="twitter:card" content="summary_large_image">\n` : html`<meta name="twitter:card" content="summary">\n`}${head.jsonLd ? html`<script type="application/ld+json">${raw(jsonForScript(head.jsonLd))}</script>\n` : ''}<style>${raw(STYLE)}</style>
</head>
<body>
${body}
</body>
</html>
`;
  return page.value;
}

function displayDate(iso: string, store: Store): string {
  return DateTime.fromISO(iso, { zone: 'utc' }).setZone(store.timezone).toFormat('d LLLL yyyy');
}

function siteHeader(store: Store, urls: PageUrls) {
  return html`<header class="site"><a href="${urls.blogUrl}">${store.name} · Blog</a><span class="links">${
    urls.storeUrl ? html`<a href="${urls.storeUrl}">Book with ${store.name}</a>` : ''
  }<a href="${urls.rssUrl}" title="RSS feed">RSS</a></span></header>`;
}

export interface PageUrls {
  blogUrl: string;
  rssUrl: string;
  /** The store's own page (to book), when it is on. */
  storeUrl: string | null;
}

export function renderListPage(store: Store, items: PublicPostSummary[], urls: PageUrls & { nextUrl: string | null; canonical: string }): string {
  const description = `News and stories from ${store.name}.`;
  const list = items.length
    ? html`<ul class="posts">${items.map(
        (p) => html`<li class="card">${p.coverImageUrl ? html`<a href="${p.url}"><img src="${p.coverImageUrl}" alt="${p.coverImageAlt ?? ''}" loading="lazy"></a>` : ''}<div class="body"><h2><a href="${p.url}">${p.title}</a></h2><time datetime="${p.publishedAt}">${displayDate(p.publishedAt, store)}</time>${p.excerpt ? html`<p>${p.excerpt}</p>` : ''}</div></li>`,
      )}</ul>`
    : html`<p>No posts yet.</p>`;
  return layout(
    store,
    {
      title: `${store.name} · Blog`,
      description,
      canonical: urls.canonical,
      rssUrl: urls.rssUrl,
      ogType: 'website',
      image: items.find((p) => p.coverImageUrl)?.coverImageUrl ?? null,
      jsonLd: { '@context': 'https://schema.org', '@type': 'Blog', name: `${store.name} · Blog`, url: urls.blogUrl },
    },
    html`${siteHeader(store, urls)}<main><h1>${store.name} blog</h1>${list}${urls.nextUrl ? html`<a class="more" rel="next" href="${urls.nextUrl}">Older posts →</a>` : ''}</main><footer>© ${store.name}</footer>`,
  );
}

export function postDescription(post: PublicPost): string {
  return truncate(post.excerpt ?? renderPlainText(post.contentHtml), 160) || post.title;
}

export function renderPostPage(store: Store, post: PublicPost, urls: PageUrls): string {
  const description = postDescription(post);
  const jsonLd = {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    headline: post.title,
    description,
    datePublished: post.publishedAt,
    dateModified: post.updatedAt,
    url: post.url,
    mainEntityOfPage: { '@type': 'WebPage', '@id': post.url },
    ...(post.coverImageUrl ? { image: [post.coverImageUrl] } : {}),
    author: { '@type': 'Organization', name: store.name },
    publisher: { '@type': 'Organization', name: store.name },
  };
  return layout(
    store,
    { title: `${post.title} · ${store.name}`, description, canonical: post.url, rssUrl: urls.rssUrl, ogType: 'article', image: post.coverImageUrl, imageAlt: post.coverImageAlt, jsonLd },
    html`${siteHeader(store, urls)}<main><article><h1>${post.title}</h1><time datetime="${post.publishedAt}">${displayDate(post.publishedAt, store)}</time>${
      post.coverImageUrl ? html`<img class="cover" src="${post.coverImageUrl}" alt="${post.coverImageAlt ?? ''}">` : ''
    }<div class="content">${raw(renderPostHtml(post.contentHtml))}</div></article><a class="more" href="${urls.blogUrl}">← All posts</a></main><footer>© ${store.name}</footer>`,
  );
}

export function renderNotFoundPage(store: Store | null, canonical: string, urls: PageUrls | null): string {
  return layout(
    store,
    { title: 'Not found', description: 'This page does not exist.', canonical, rssUrl: urls?.rssUrl ?? null, ogType: 'website', image: null, robots: 'noindex' },
    html`${store && urls ? siteHeader(store, urls) : ''}<main><h1>Not found</h1><p>${store ? 'There is no published post at this address.' : 'There is no blog at this address.'}</p>${
      store && urls ? html`<a class="more" href="${urls.blogUrl}">← All posts</a>` : ''
    }</main>`,
  );
}

/** RSS 2.0 with atom:link rel=self, permalink guids and content:encoded. */
export function renderRss(store: Store, posts: PublicPost[], urls: PageUrls): string {
  const x = escapeHtml;
  const items = posts
    .map((p) => {
      const description = p.excerpt ?? truncate(renderPlainText(p.contentHtml), 300);
      return `<item>
<title>${x(p.title)}</title>
<link>${x(p.url)}</link>
<guid isPermaLink="true">${x(p.url)}</guid>
<pubDate>${new Date(p.publishedAt).toUTCString()}</pubDate>
<description>${x(description)}</description>
<content:encoded>${x(renderPostHtml(p.contentHtml))}</content:encoded>
</item>`;
    })
    .join('\n');
  const lastBuild = posts.reduce<string | null>((max, p) => (max === null || p.updatedAt > max ? p.updatedAt : max), null);
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:content="http://purl.org/rss/1.0/modules/content/">
<channel>
<title>${x(`${store.name} · Blog`)}</title>
<link>${x(urls.blogUrl)}</link>
<description>${x(`News and stories from ${store.name}.`)}</description>
<atom:link href="${x(urls.rssUrl)}" rel="self" type="application/rss+xml"/>
${lastBuild ? `<lastBuildDate>${new Date(lastBuild).toUTCString()}</lastBuildDate>\n` : ''}<generator>Store Integration Service</generator>
${items}
</channel>
</rss>
`;
}
