// A partner website built only on @store-integration/client: it lists the products, services and
// courses of one or more stores with their hours, contact and latest blog posts, shows free times by
// the store's local days and books slots, keeps a cart in a signed cookie, checks out
// through the hosted payment page (one checkout per store), shows each order's status, and receives
// the service's webhooks. Every call that needs a key happens here, on the server.
import http from 'node:http';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Eta } from 'eta';
import { checkoutCart, createStoreClient, StoreApiError, verifyWebhook, type CatalogItem, type StoreClient, type StoreWebhookEvent } from '@store-integration/client';
import { Cart, isValidPhone, listBookables, orderStatusLabel } from '@store-integration/client/browser';
import { createSigner, readCookies } from './cookies.ts';
import type { StoreSettings, StorefrontConfig } from './config.ts';

const ROOT = join(import.meta.dirname, '..');
const STYLE = readFileSync(join(ROOT, 'public', 'style.css'));
const MAX_FORM_BYTES = 16 * 1024;
const AVAILABILITY_DAYS = 7;

export interface ReceivedEvent {
  storeId: string;
  event: StoreWebhookEvent;
}

/** A checkout the visitor started (kept in their orders cookie). */
interface PlacedCheckout {
  merchantId: string;
  reference: string;
  checkoutUrl: string | null;
}

interface Merchant {
  settings: StoreSettings;
  client: StoreClient;
}

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export function money(amount: number | undefined, currency: string | undefined): string {
  if (amount === undefined) return '';
  try {
    return new Intl.NumberFormat('en-GB', { style: 'currency', currency: currency ?? 'USD' }).format(amount);
  } catch {
    return `${currency ?? ''} ${amount.toFixed(2)}`.trim();
  }
}

/** "Tue 24 Nov" for a YYYY-MM-DD date (a calendar day, so read in UTC). */
export function dayLabel(date: string): string {
  return new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
}

export function createStorefront(config: StorefrontConfig) {
  const merchants = new Map<string, Merchant>(
    config.stores.map((settings) => [settings.storeId, { settings, client: createStoreClient({ baseUrl: config.serviceUrl, storeId: settings.storeId, apiKey: settings.apiKey, logger: console }) }]),
  );
  const keys = Object.fromEntries(config.stores.map((s) => [s.storeId, s.apiKey]));
  const signer = createSigner(config.cookieSecret);
  const eta = new Eta({ views: join(ROOT, 'views'), cache: true, autoEscape: true });
  const events: ReceivedEvent[] = [];
  const serviceOrigin = new URL(config.serviceUrl).origin;
  const securityHeaders = {
    // Forms may post here and (after POST /checkout's redirect) to the hosted payment page.
    'content-security-policy': `default-src 'none'; style-src 'self'; img-src 'self' https: ${serviceOrigin}; form-action 'self' ${serviceOrigin}; base-uri 'none'; frame-ancestors 'none'`,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'same-origin',
  };

  const merchant = (storeId: string) => {
    const m = merchants.get(storeId);
    if (!m) throw new HttpError(404, 'There is no such store here.');
    return m;
  };
  const cartOf = (req: http.IncomingMessage) => {
    try {
      return Cart.fromJSON(signer.read(readCookies(req).get('sf_cart')) ?? []);
    } catch {
      return new Cart();
    }
  };
  const checkoutsOf = (req: http.IncomingMessage): PlacedCheckout[] => {
    const value = signer.read(readCookies(req).get('sf_orders'));
    return Array.isArray(value) ? (value as PlacedCheckout[]) : [];
  };

  function page(res: http.ServerResponse, status: number, view: string, data: Record<string, unknown>, cookies: string[] = []) {
    const body = eta.render(view, { siteName: config.siteName, money, dayLabel, ...data });
    res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', ...securityHeaders, ...(cookies.length ? { 'set-cookie': cookies } : {}) });
    res.end(body);
  }

  function redirect(res: http.ServerResponse, location: string, cookies: string[] = []) {
    res.writeHead(303, { location, 'cache-control': 'no-store', ...(cookies.length ? { 'set-cookie': cookies } : {}) });
    res.end();
  }

  async function readBody(req: http.IncomingMessage): Promise<Buffer> {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of req) {
      size += (chunk as Buffer).length;
      if (size > MAX_FORM_BYTES) throw new HttpError(413, 'That form is too large.');
      chunks.push(chunk as Buffer);
    }
    return Buffer.concat(chunks);
  }
  const readForm = async (req: http.IncomingMessage) => new URLSearchParams((await readBody(req)).toString('utf8'));

  /**
   * The store's catalog (services and courses are both bookable), its name, hours and contact, and its
   * latest posts, or an error message to show in their place (one store being down does not take the page down).
   */
  async function catalogOf(m: Merchant) {
    const [catalog, info, blog, feedUrl] = await Promise.allSettled([m.client.catalog.get(), m.client.store.get(), m.client.blog.list({ limit: 3 }), m.client.blog.feedUrl()]);
    const posts = blog.status === 'fulfilled' ? blog.value.items : [];
    const store = { merchant: m.settings, info: info.status === 'fulfilled' ? info.value : null, posts, feedUrl: feedUrl.status === 'fulfilled' ? feedUrl.value : null };
    if (catalog.status === 'rejected') return { ...store, products: [], services: [], error: describe(catalog.reason) };
    return { ...store, products: catalog.value.publicProducts, services: listBookables(catalog.value), error: null };
  }

  async function findItem(m: Merchant, id: string): Promise<CatalogItem | undefined> {
    return (await m.client.catalog.get()).products.find((p) => p.id === id);
  }

  async function servicePage(res: http.ServerResponse, storeId: string, serviceId: string, form: Record<string, string> = {}, error: string | null = null, status = 200) {
    const m = merchant(storeId);
    const service = (await m.client.catalog.bookables()).find((s) => s.id === serviceId);
    if (!service) throw new HttpError(404, 'That service is not offered (any more).');
    // The people who perform it (a salon's stylists), from the store info: "anyone" or one of them.
    const staff = (await m.client.store.get()).staff.filter((s) => s.serviceIds.includes(service.id));
    const chosen = staff.find((s) => s.id === form.staffId) ?? null;
    // The next week of the store's own calendar (its time zone), closed and full days included; one person's free times when chosen.
    const availability = await m.client.availability.days({ serviceId, days: AVAILABILITY_DAYS, ...(chosen ? { staffId: chosen.id } : {}) });
    page(res, status, 'service', { title: service.name, merchant: m.settings, service, staff, chosen, timezone: availability.timezone, days: availability.days, form, error, token: form.token ?? randomUUID() });
  }

  async function postPage(res: http.ServerResponse, storeId: string, postSlug: string) {
    const m = merchant(storeId);
    try {
      const post = await m.client.blog.get(postSlug);
      page(res, 200, 'post', { title: post.title, merchant: m.settings, post });
    } catch (error) {
      if (error instanceof StoreApiError && error.code === 'post-not-found') throw new HttpError(404, 'There is no such post.');
      throw error;
    }
  }

  async function ordersPage(req: http.IncomingMessage, res: http.ServerResponse, url: URL) {
    const placed = checkoutsOf(req);
    // The service sends the customer back with the reference; checkoutCart added whose order it is.
    const returned = url.searchParams.get('reference');
    const returnedFrom = url.searchParams.get('merchantId');
    const rows = await Promise.all(
      placed.map(async (p) => {
        const m = merchants.get(p.merchantId);
        try {
          const order = await m!.client.orders.status(p.reference);
          return { ...p, storeName: m!.settings.name, label: orderStatusLabel(order.status), payable: order.status === 'pending_payment', total: money(order.total, order.currency), error: null };
        } catch (error) {
          return { ...p, storeName: m?.settings.name ?? p.merchantId, label: orderStatusLabel(undefined), payable: false, total: '', error: describe(error) };
        }
      }),
    );
    page(res, 200, 'orders', { title: 'Your orders', rows, returned: rows.find((r) => r.reference === returned && (!returnedFrom || r.merchantId === returnedFrom)) ?? null });
  }

  async function checkout(req: http.IncomingMessage, res: http.ServerResponse) {
    const form = await readForm(req);
    const cart = cartOf(req);
    const customer = { name: (form.get('name') ?? '').trim(), email: (form.get('email') ?? '').trim(), phone: (form.get('phone') ?? '').trim() };
    const problem = !customer.name ? 'Please give your name.' : !isValidPhone(customer.phone) ? 'Please give a phone number with 9 to 15 digits.' : cart.entries.length === 0 ? 'Your cart is empty.' : null;
    if (problem) return cartPage(res, cart, customer, problem, 400);
    try {
      const result = await checkoutCart(cart, {
        baseUrl: config.serviceUrl,
        keys,
        customer: { name: customer.name, phone: customer.phone, ...(customer.email ? { email: customer.email } : {}) },
        returnUrl: `${config.publicUrl}/orders`,
        cancelUrl: `${config.publicUrl}/orders`,
        payload: { sourceLabel: config.siteName },
        logger: console,
      });
      if (!result.ok && result.merchantCheckouts.length === 0) return cartPage(res, cart, customer, result.failures.map((f) => `${merchant(f.merchantId).settings.name}: ${describe(f.error)}`).join(' '), 409);
      // What could not be bought stays in the cart; what got a checkout leaves it.
      const failed = new Set(result.failures.map((f) => f.merchantId));
      const remaining = new Cart(cart.entries.filter((e) => failed.has(e.merchantId)));
      const placed: PlacedCheckout[] = [...result.merchantCheckouts.map((c) => ({ merchantId: c.merchantId, reference: c.reference, checkoutUrl: c.checkoutUrl })), ...checkoutsOf(req)].slice(0, 10);
      const cookies = [signer.cookie('sf_cart', remaining), signer.cookie('sf_orders', placed, 30 * 86_400)];
      return redirect(res, result.merchantCheckouts[0].checkoutUrl ?? '/orders', cookies);
    } catch (error) {
      return cartPage(res, cart, customer, describe(error), error instanceof StoreApiError && error.status === 0 ? 400 : 502);
    }
  }

  function cartPage(res: http.ServerResponse, cart: Cart, customer: Record<string, string> = {}, error: string | null = null, status = 200) {
    const groups = [...cart.byMerchant()].map(([merchantId, entries]) => ({
      storeName: merchants.get(merchantId)?.settings.name ?? merchantId,
      entries,
      subtotal: money(entries.reduce((sum, e) => sum + (e.price ?? 0) * e.quantity, 0), entries[0]?.currency),
    }));
    page(res, status, 'cart', { title: 'Your cart', groups, count: cart.count, customer, error });
  }

  async function addToCart(req: http.IncomingMessage, res: http.ServerResponse) {
    const form = await readForm(req);
    const m = merchant(form.get('merchantId') ?? '');
    const item = await findItem(m, form.get('productId') ?? '');
    if (!item || item.itemType !== 'product') throw new HttpError(404, 'That product is not sold (any more).');
    const cart = cartOf(req);
    cart.add({ merchantId: m.settings.storeId, productId: item.id, productName: item.name, price: item.price, currency: item.currency, storeName: m.settings.name, quantity: quantity(form.get('quantity') ?? '1') });
    redirect(res, '/cart', [signer.cookie('sf_cart', cart)]);
  }

  async function updateCart(req: http.IncomingMessage, res: http.ServerResponse) {
    const form = await readForm(req);
    const cart = cartOf(req);
    const key = { merchantId: form.get('merchantId') ?? '', productId: form.get('productId') ?? '' };
    if (form.get('action') === 'remove') cart.remove(key);
    else if (!cart.entries.some((e) => e.merchantId === key.merchantId && e.productId === key.productId)) throw new HttpError(404, 'That item is not in your cart.');
    else cart.setQuantity(key, quantity(form.get('quantity') ?? ''));
    redirect(res, '/cart', [signer.cookie('sf_cart', cart)]);
  }

  async function book(req: http.IncomingMessage, res: http.ServerResponse, storeId: string, serviceId: string) {
    const m = merchant(storeId);
    const raw = Object.fromEntries(await readForm(req));
    const form = {
      name: (raw.name ?? '').trim(),
      phone: (raw.phone ?? '').trim(),
      email: (raw.email ?? '').trim(),
      notes: (raw.notes ?? '').trim(),
      slot: raw.slot ?? '',
      staffId: /^[A-Za-z0-9_]{1,100}$/.test(raw.staffId ?? '') ? raw.staffId : '',
      token: /^[A-Za-z0-9-]{10,64}$/.test(raw.token ?? '') ? raw.token : randomUUID(),
    };
    const [bookingDate, bookingTime] = form.slot.split('T');
    const problem = !bookingDate || !bookingTime ? 'Please choose a time.' : !form.name ? 'Please give your name.' : !isValidPhone(form.phone) ? 'Please give a phone number with 9 to 15 digits.' : null;
    if (problem) return servicePage(res, storeId, serviceId, form, problem, 400);
    const service = (await m.client.catalog.bookables()).find((s) => s.id === serviceId);
    try {
      const booking = await m.client.bookings.create(
        {
          serviceId,
          serviceName: service?.name,
          bookingDate,
          bookingTime,
          customer: { name: form.name, phone: form.phone, ...(form.email ? { email: form.email } : {}) },
          ...(form.notes ? { notes: form.notes } : {}),
          // The stylist chosen, or none: the service then gives the time to whoever is free.
          ...(form.staffId ? { staffId: form.staffId } : {}),
          sourceChannel: 'client_website',
          attributes: { source: 'website', sourceLabel: config.siteName, pageUrl: `${config.publicUrl}/services/${storeId}/${serviceId}` },
        },
        // The form's token: submitting the same form twice replays the first booking.
        { idempotencyKey: form.token },
      );
      page(res, 201, 'booked', { title: 'Booking received', merchant: m.settings, serviceName: service?.name ?? serviceId, booking, bookingDate, bookingTime });
    } catch (error) {
      if (error instanceof StoreApiError && error.status >= 400 && error.status < 500) return servicePage(res, storeId, serviceId, { ...form, token: randomUUID() }, describe(error), error.status);
      throw error;
    }
  }

  async function webhook(req: http.IncomingMessage, res: http.ServerResponse, storeId: string) {
    const secret = merchants.get(storeId)?.settings.webhookSecret;
    const raw = await readBody(req);
    if (!secret) throw new HttpError(404, 'No webhook endpoint for that store.');
    let event: StoreWebhookEvent;
    try {
      event = verifyWebhook(raw, req.headers, secret);
    } catch {
      res.writeHead(400).end();
      return;
    }
    // De-duplicate by event id: a retried delivery carries the same one.
    if (!events.some((e) => e.event.id === event.id)) events.push({ storeId, event });
    res.writeHead(204).end();
  }

  const routes: [string, RegExp, (req: http.IncomingMessage, res: http.ServerResponse, url: URL, params: string[]) => Promise<void> | void][] = [
    ['GET', /^\/$/, async (_req, res) => page(res, 200, 'home', { title: config.siteName, stores: await Promise.all([...merchants.values()].map(catalogOf)) })],
    ['GET', /^\/services\/([^/]+)\/([^/]+)$/, (_req, res, url, [storeId, serviceId]) => servicePage(res, storeId, serviceId, { staffId: url.searchParams.get('staff') ?? '' })],
    ['GET', /^\/blog\/([^/]+)\/([^/]+)$/, (_req, res, _url, [storeId, postSlug]) => postPage(res, storeId, postSlug)],
    ['POST', /^\/services\/([^/]+)\/([^/]+)\/book$/, (req, res, _url, [storeId, serviceId]) => book(req, res, storeId, serviceId)],
    ['GET', /^\/cart$/, (req, res) => cartPage(res, cartOf(req))],
    ['POST', /^\/cart\/add$/, addToCart],
    ['POST', /^\/cart\/update$/, updateCart],
    ['POST', /^\/checkout$/, checkout],
    ['GET', /^\/orders$/, ordersPage],
    ['POST', /^\/webhooks\/([^/]+)$/, (req, res, _url, [storeId]) => webhook(req, res, storeId)],
    [
      'GET',
      /^\/style\.css$/,
      (_req, res) => {
        res.writeHead(200, { 'content-type': 'text/css; charset=utf-8', 'cache-control': 'public, max-age=300', 'x-content-type-options': 'nosniff' });
        res.end(STYLE);
      },
    ],
  ];

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', config.publicUrl);
    try {
      for (const [method, pattern, handler] of routes) {
        const match = pattern.exec(url.pathname);
        if (match && req.method === method) return await handler(req, res, url, match.slice(1).map(decodeURIComponent));
      }
      throw new HttpError(404, 'There is no page here.');
    } catch (error) {
      if (res.headersSent) return void res.end();
      const status = error instanceof HttpError ? error.status : 502;
      if (!(error instanceof HttpError)) console.error(`storefront: ${req.method} ${url.pathname}: ${String(error)}`);
      page(res, status, 'error', { title: status === 404 ? 'Not found' : 'Something went wrong', message: error instanceof HttpError ? error.message : describe(error) });
    }
  });

  return { server, events };
}

function quantity(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 99) throw new HttpError(400, 'A quantity is a whole number from 1 to 99.');
  return n;
}

/** A sentence for the visitor: the service's message, plus the request id to quote when it failed on the service's side. */
function describe(error: unknown): string {
  if (error instanceof StoreApiError) return error.status >= 500 || error.status === 0 ? `${error.message} (reference ${error.requestId ?? error.code})` : error.message;
  return 'Something went wrong. Please try again.';
}
