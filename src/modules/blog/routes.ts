// Blog: staff authoring, public API, pages, RSS and uploads.
import multipart from '@fastify/multipart';
import { Type } from 'typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { App } from '../../app.ts';
import { actorOf, authStoreId, requireMember, requireStaff } from '../../http/auth.ts';
import { responses } from '../../http/schemas.ts';
import { AppError, badRequest, forbidden } from '../../shared/errors.ts';
import type { Store } from '../stores/service.ts';
import { renderListPage, renderNotFoundPage, renderPostPage, renderRss, type PageUrls } from './pages.ts';
import {
  CreatePostBody,
  PostListQuery,
  PostListResponse,
  PostResponse,
  PreviewPostBody,
  PreviewResponse,
  PublicListQuery,
  PublicListResponse,
  PublicPostQuery,
  PublicPostResponse,
  RssQuery,
  UnpublishBody,
  UpdatePostBody,
  UploadResponse,
} from './schemas.ts';
import type { BlogPostStatus } from './tables.ts';
import { detectImageType, MAX_UPLOAD_BYTES, readUpload, receiveFile, saveUpload } from './uploads.ts';

/** Public blog reads: short enough that an unpublished post leaves shared caches within a minute. */
const PUBLIC_CACHE_CONTROL = 'public, max-age=60';

export async function blogRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify as App;
  const blog = ctx.services.blog;
  const base = ctx.config.publicBaseUrl;
  const publicConfig = { rateLimit: app.rateLimits.perIp };

  // Only this plugin's routes accept multipart (Fastify encapsulation).
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10, parts: 11, fieldSize: 1024 } });

  const blogUrl = (storeSlug: string) => `${base}/s/${encodeURIComponent(storeSlug)}/blog`;
  const rssUrl = (storeSlug: string) => `${base}/api/public/blog/rss?storeSlug=${encodeURIComponent(storeSlug)}`;
  const urlsOf = (store: Store): PageUrls => ({ blogUrl: blogUrl(store.slug), rssUrl: rssUrl(store.slug), storeUrl: store.storePageEnabled ? `${base}/s/${encodeURIComponent(store.slug)}` : null });

  // Staff authoring: every member of the store reads and writes (SPEC: members of the matching store).
  const staffSecurity: Record<string, string[]>[] = [{ bearer: [] }];
  const members = requireMember(ctx);
  const StoreParams = Type.Object({ storeId: Type.String() });
  const PostParams = Type.Object({ storeId: Type.String(), postId: Type.String({ maxLength: 100 }) });
  const tags = ['staff: blog'];

  app.get('/api/stores/:storeId/blog/posts', {
    preValidation: members,
    schema: {
      tags,
      summary: 'Every post of the store (drafts and archived included), newest created first',
      security: staffSecurity,
      params: StoreParams,
      querystring: PostListQuery,
      response: responses({ 200: PostListResponse }),
    },
  }, async (request) => {
    const q = request.query as { status?: BlogPostStatus; limit?: number; cursor?: string };
    return { ok: true, ...(await blog.listPosts(authStoreId(request), q)) };
  });

  app.post('/api/stores/:storeId/blog/posts', {
    preValidation: members,
    schema: {
      tags,
      summary: 'Create a post as draft (default) or published; the slug comes from the title unless given',
      security: staffSecurity,
      params: StoreParams,
      body: CreatePostBody,
      response: responses({ 201: PostResponse }),
    },
  }, async (request, reply) => {
    const auth = request.auth;
    const createdBy = auth?.kind === 'staff' ? auth.user.id : actorOf(request);
    const post = await blog.createPost(authStoreId(request), request.body as Record<string, unknown>, createdBy);
    return reply.code(201).send({ ok: true, post });
  });

  app.get('/api/stores/:storeId/blog/posts/:postId', {
    preValidation: members,
    schema: { tags, summary: 'One post', security: staffSecurity, params: PostParams, response: responses({ 200: PostResponse }) },
  }, async (request) => ({ ok: true, post: await blog.getPost(authStoreId(request), (request.params as { postId: string }).postId) }));

  app.patch('/api/stores/:storeId/blog/posts/:postId', {
    preValidation: members,
    schema: {
      tags,
      summary: 'Update the fields sent; a published post changes publicly at once (blog.post.updated)',
      security: staffSecurity,
      params: PostParams,
      body: UpdatePostBody,
      response: responses({ 200: PostResponse }),
    },
  }, async (request) => ({
    ok: true,
    post: await blog.updatePost(authStoreId(request), (request.params as { postId: string }).postId, request.body as Record<string, unknown>),
  }));

  app.post('/api/stores/:storeId/blog/posts/:postId/publish', {
    preValidation: members,
    schema: {
      tags,
      summary: 'Publish a draft or archived post (blog.post.published); publishing a published post changes nothing',
      security: staffSecurity,
      params: PostParams,
      response: responses({ 200: PostResponse }),
    },
  }, async (request) => ({ ok: true, post: await blog.publishPost(authStoreId(request), (request.params as { postId: string }).postId) }));

  // The unpublish body is optional: no body means {} (to draft).
  const emptyBodyIsObject = async (request: FastifyRequest) => {
    if (request.body === undefined || request.body === null) request.body = {};
  };

  app.post('/api/stores/:storeId/blog/posts/:postId/unpublish', {
    preValidation: [members, emptyBodyIsObject],
    schema: {
      tags,
      summary: 'Move a post to draft (default) or archived; a published post leaves the API, pages and RSS at once (blog.post.unpublished)',
      security: staffSecurity,
      params: PostParams,
      body: UnpublishBody,
      response: responses({ 200: PostResponse }),
    },
  }, async (request) => {
    const to = (request.body as { to?: 'draft' | 'archived' } | undefined)?.to ?? 'draft';
    return { ok: true, post: await blog.unpublishPost(authStoreId(request), (request.params as { postId: string }).postId, to) };
  });

  app.delete('/api/stores/:storeId/blog/posts/:postId', {
    preValidation: members,
    schema: {
      tags,
      summary: 'Delete a post (a published one is unpublished first: blog.post.unpublished)',
      security: staffSecurity,
      params: PostParams,
      response: responses({ 200: Type.Object({ ok: Type.Boolean(), deleted: Type.String() }) }),
    },
  }, async (request) => {
    const { postId } = request.params as { postId: string };
    await blog.deletePost(authStoreId(request), postId);
    return { ok: true, deleted: postId };
  });

  app.post('/api/stores/:storeId/blog/preview', {
    preValidation: members,
    schema: {
      tags,
      summary: 'The public post page for the fields sent, as it would look published now (same template, same sanitizing); nothing is saved',
      security: staffSecurity,
      params: StoreParams,
      body: PreviewPostBody,
      response: responses({ 200: PreviewResponse }),
    },
  }, async (request, reply) => {
    const { store, post } = await blog.previewPost(authStoreId(request), request.body as Record<string, unknown>);
    reply.header('cache-control', 'no-store');
    return { ok: true, html: renderPostPage(store, post, urlsOf(store)) };
  });

  // Public API: the projection only; no key, CORS open (app.ts), per-IP rate limit.

  app.get('/api/public/blog', {
    config: publicConfig,
    schema: {
      tags: ['public blog'],
      summary: 'Published posts of a store, newest publishedAt first; keyset cursor stable while posts are published',
      querystring: PublicListQuery,
      response: responses({ 200: PublicListResponse }),
    },
  }, async (request, reply) => {
    const q = request.query as { storeSlug: string; limit?: number; cursor?: string };
    const { store, items, nextCursor } = await blog.publicList(q.storeSlug, q);
    reply.header('cache-control', PUBLIC_CACHE_CONTROL);
    return { ok: true, storeSlug: store.slug, items, nextCursor };
  });

  app.get('/api/public/blog/rss', {
    config: publicConfig,
    schema: {
      tags: ['public blog'],
      summary: 'RSS 2.0 feed of the store blog (newest 50 posts, content:encoded)',
      querystring: RssQuery,
      produces: ['application/rss+xml'],
      response: { ...responses({}), 200: { description: 'RSS 2.0 document', content: { 'application/rss+xml': { schema: Type.String() } } } },
    },
  }, async (request, reply) => {
    const { storeSlug } = request.query as { storeSlug: string };
    const { store, posts } = await blog.publicFeed(storeSlug);
    return reply
      .header('cache-control', PUBLIC_CACHE_CONTROL)
      .type('application/rss+xml; charset=utf-8')
      .send(renderRss(store, posts, urlsOf(store)));
  });

  app.get('/api/public/blog/:postSlug', {
    config: publicConfig,
    schema: {
      tags: ['public blog'],
      summary: 'One published post with its sanitized contentHtml (404 post-not-found for drafts and unknown slugs)',
      params: Type.Object({ postSlug: Type.String({ maxLength: 200 }) }),
      querystring: PublicPostQuery,
      response: responses({ 200: PublicPostResponse }),
    },
  }, async (request, reply) => {
    const { storeSlug } = request.query as { storeSlug: string };
    const { post } = await blog.publicPost(storeSlug, (request.params as { postSlug: string }).postSlug);
    reply.header('cache-control', PUBLIC_CACHE_CONTROL);
    return { ok: true, ...post };
  });

  // Hosted pages (HTML). Unknown stores and posts get an HTML 404 page, not a JSON error.
  const htmlResponse = (description: string) => ({ description, content: { 'text/html': { schema: Type.String() } } });
  const pageSchema = (summary: string, params: ReturnType<typeof Type.Object>) => ({
    tags: ['public blog'],
    summary,
    params,
    querystring: Type.Object({ cursor: Type.Optional(Type.String({ maxLength: 500 })) }),
    produces: ['text/html'],
    response: { 200: htmlResponse('the page'), 400: htmlResponse('bad cursor'), 404: htmlResponse('the 404 page') },
  });

  async function sendPage(reply: FastifyReply, canonical: string, render: () => Promise<string>) {
    reply.type('text/html; charset=utf-8');
    try {
      const body = await render();
      return reply.header('cache-control', PUBLIC_CACHE_CONTROL).send(body);
    } catch (error) {
      if (!(error instanceof AppError) || error.status >= 500) throw error;
      const storeSlug = (reply.request.params as { storeSlug: string }).storeSlug;
      const store = error.code === 'store-not-found' ? null : await blog.publicStore(storeSlug).catch(() => null);
      return reply
        .code(error.status === 400 ? 400 : 404)
        .header('cache-control', 'no-store')
        .send(renderNotFoundPage(store, canonical, store ? urlsOf(store) : null));
    }
  }

  app.get('/s/:storeSlug/blog', {
    config: publicConfig,
    schema: pageSchema('Hosted blog page: published posts with title, image, excerpt and date', Type.Object({ storeSlug: Type.String({ maxLength: 200 }) })),
  }, async (request, reply) => {
    const { storeSlug } = request.params as { storeSlug: string };
    const { cursor } = request.query as { cursor?: string };
    return sendPage(reply, blogUrl(storeSlug), async () => {
      const { store, items, nextCursor } = await blog.publicList(storeSlug, { cursor });
      const urls = urlsOf(store);
      return renderListPage(store, items, { ...urls, canonical: urls.blogUrl, nextUrl: nextCursor ? `${urls.blogUrl}?cursor=${encodeURIComponent(nextCursor)}` : null });
    });
  });

  app.get('/s/:storeSlug/blog/:postSlug', {
    config: publicConfig,
    schema: pageSchema(
      'Hosted post page with title, meta description, Open Graph, canonical URL and JSON-LD BlogPosting',
      Type.Object({ storeSlug: Type.String({ maxLength: 200 }), postSlug: Type.String({ maxLength: 200 }) }),
    ),
  }, async (request, reply) => {
    const { storeSlug, postSlug } = request.params as { storeSlug: string; postSlug: string };
    return sendPage(reply, `${blogUrl(storeSlug)}/${encodeURIComponent(postSlug)}`, async () => {
      const { store, post } = await blog.publicPost(storeSlug, postSlug);
      return renderPostPage(store, post, urlsOf(store));
    });
  });

  // Uploads: a member of the store named by ?storeId sends one image (multipart field "file").
  async function uploaderOfStore(request: FastifyRequest) {
    const auth = request.auth;
    if (auth?.kind !== 'staff') throw forbidden('Uploads need a staff session.');
    const storeId = (request.query as { storeId?: string }).storeId;
    if (!storeId) throw badRequest('missing-store-id', 'Send the storeId query parameter.');
    const role = await ctx.services.stores.roleOf(storeId, auth.user.id);
    if (!role) throw forbidden('You are not a member of this store.');
    request.auth = { ...auth, storeId, role };
  }

  app.post('/api/uploads', {
    preValidation: [requireStaff(ctx, { allowTemporaryPassword: false }), uploaderOfStore],
    schema: {
      tags: ['staff: blog'],
      summary: 'Upload a cover image (multipart/form-data, field "file"; PNG, JPEG, GIF, WebP or AVIF by content; at most 5 MB); returns its public URL',
      security: staffSecurity,
      consumes: ['multipart/form-data'],
      querystring: Type.Object({ storeId: Type.Optional(Type.String({ description: 'store the image belongs to (400 missing-store-id when absent)' })) }),
      response: responses({ 201: UploadResponse }),
    },
  }, async (request, reply) => {
    const storeId = authStoreId(request);
    const bytes = await receiveFile(request);
    const type = detectImageType(bytes);
    if (!type) throw new AppError(415, 'unsupported-media-type', 'The file is not a PNG, JPEG, GIF, WebP or AVIF image (checked by its content).');
    const relative = await saveUpload(ctx.config.uploadDir, storeId, bytes, type);
    return reply.code(201).send({ ok: true, url: `${base}/uploads/${relative}`, contentType: type.contentType, size: bytes.length });
  });

  app.get('/uploads/:storeId/:file', {
    config: publicConfig,
    schema: {
      tags: ['public blog'],
      summary: 'An uploaded image, with the content type detected at upload',
      params: Type.Object({ storeId: Type.String({ maxLength: 64 }), file: Type.String({ maxLength: 100 }) }),
      produces: ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/avif'],
      response: { ...responses({}), 200: { description: 'the image', content: { 'image/*': { schema: Type.String({ format: 'binary' }) } } } },
    },
  }, async (request, reply) => {
    const { storeId, file } = request.params as { storeId: string; file: string };
    const found = await readUpload(ctx.config.uploadDir, `${storeId}/${file}`);
    if (!found) throw new AppError(404, 'not-found', 'No such upload.');
    return reply
      .type(found.contentType)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('content-security-policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'")
      .send(found.bytes);
  });
}
