import type { RequestOptions, RequestSender } from '../client.js';
import { paginate } from '../paginate.js';
import type { BlogListQuery, BlogPage, BlogPost, BlogPostListed } from '../types.js';
import type { StoreInfoSource } from './bookings.js';

/** The store's public blog (published posts only), found by the store's slug from store.get() (read once per client). */
export function blogResource(sender: RequestSender, baseUrl: string, storeInfo: StoreInfoSource) {
  const slugOf = async (options: RequestOptions) => (await storeInfo(options)).slug;
  const resource = {
    /** GET /api/public/blog: one page of posts, newest published first (`limit` 1–50, default 20); pass `nextCursor` as `cursor` for the next page. */
    async list(query: BlogListQuery = {}, options: RequestOptions = {}): Promise<BlogPage> {
      return sender.send<BlogPage>({ method: 'GET', path: '/api/public/blog', query: { storeSlug: await slugOf(options), ...query }, call: options });
    },
    /** Every post, page after page: `for await (const post of store.blog.listAll())`. */
    listAll(query: BlogListQuery = {}, options: RequestOptions = {}): AsyncGenerator<BlogPostListed, void, undefined> {
      return paginate((page: BlogListQuery, call) => resource.list(page, call), (page) => page.items, query, options);
    },
    /** GET /api/public/blog/{postSlug}: one post with its sanitized contentHtml (404 post-not-found for drafts and unknown slugs). */
    async get(postSlug: string, options: RequestOptions = {}): Promise<BlogPost> {
      return sender.send<BlogPost>({ method: 'GET', path: `/api/public/blog/${encodeURIComponent(postSlug)}`, query: { storeSlug: await slugOf(options) }, call: options });
    },
    /**
     * The address of the store's RSS 2.0 feed, for a `<link rel="alternate">`: on the service's public
     * address (the host of the store's blogUrl), which browsers and feed readers reach.
     */
    async feedUrl(options: RequestOptions = {}): Promise<string> {
      const { slug, blogUrl } = await storeInfo(options);
      const page = `/s/${encodeURIComponent(slug)}/blog`;
      const root = blogUrl.endsWith(page) ? blogUrl.slice(0, -page.length) : baseUrl;
      return `${root}/api/public/blog/rss?storeSlug=${encodeURIComponent(slug)}`;
    },
  };
  return resource;
}
