// The sandbox provider's hosted payment page. Every interpolated value is HTML-escaped by the
// `html` tag; the forms carry the order's random pay token (CSRF) and post back to this service.
import type { OrderLineRow, OrderRow } from './tables.ts';
import { toMajor } from '../../shared/money.ts';
import { numberFormat } from '../../shared/formatters.ts';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;', '`': '&#96;' };

export function escapeHtml(value: unknown): string {
  return String(value ?? '').replace(/[&<>"'`]/g, (ch) => ESCAPES[ch]);
}

/** Raw markup that the `html` tag must not escape again (only ever built by `html`). */
class SafeHtml {
  constructor(readonly value: string) {}
  toString() {
    return this.value;
  }
}

/** Tagged template that escapes every interpolation unless it is already SafeHtml (or an array of it). */
export function html(strings: TemplateStringsArray, ...values: unknown[]): SafeHtml {
  let out = strings[0];
  values.forEach((v, i) => {
    const parts = Array.isArray(v) ? v : [v];
    out += parts.map((p) => (p instanceof SafeHtml ? p.value : escapeHtml(p))).join('') + strings[i + 1];
  });
  return new SafeHtml(out);
}

function formatMoney(minor: number, currency: string): string {
  const major = toMajor(minor, currency);
  try {
    return numberFormat('en', { style: 'currency', currency }).format(major);
  } catch {
    return `${major} ${currency}`;
  }
}

// On a phone (up to 480 px) Pay takes the first row and Decline/Cancel share the second; wider,
// all three share one row. Buttons never wrap their label and are at least
// 44 px high (touch targets), so all three are always the same height.
const STYLE = `body{font-family:system-ui,sans-serif;max-width:34rem;margin:2rem auto;padding:0 1rem;color:#1b1b1b;line-height:1.4}
table{width:100%;border-collapse:collapse}td,th{padding:.4rem;border-bottom:1px solid #ddd;text-align:left}
td.n,th.n{text-align:right}.total{font-size:1.2rem;font-weight:600}
.actions{display:flex;flex-wrap:wrap;gap:.5rem;margin-top:1.5rem}.actions form{display:flex;flex:1 1 6rem}.actions form.primary{flex:2 1 12rem}
button,a.button{font:inherit;font-size:1rem;min-height:2.75rem;padding:.6rem 1.2rem;border-radius:.4rem;border:1px solid #767676;background:#fff;color:#1b1b1b;cursor:pointer;white-space:nowrap;box-sizing:border-box}
.actions button{width:100%}button.pay,a.button{background:#0a7d38;color:#fff;border-color:#0a7d38}
a.button{display:inline-block;text-decoration:none;margin-top:1rem}.note{color:#555;font-size:.9rem}
@media (max-width:30rem){.actions form.primary{flex-basis:100%}}`;

function layout(title: string, body: SafeHtml): string {
  return html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${title}</title><style>${new SafeHtml(STYLE)}</style></head>
<body><main>${body}</main></body></html>`.value;
}

/** A link back to the shop (returnUrl or cancelUrl, with trxref and reference), when there is one. */
function backLink(backUrl: string | null, storeName: string): SafeHtml {
  return backUrl ? html`<p><a class="button" href="${backUrl}">Back to ${storeName}</a></p>` : html``;
}

/**
 * The page for one order. While it can be paid: the lines, the total and Pay / Decline / Cancel.
 * Once it cannot (paid, declined, cancelled, expired): what happened and `backUrl`, the partner page
 * the customer would have been sent to (returnUrl, or cancelUrl when it closed unpaid).
 */
export function renderPayPage(order: OrderRow, lines: OrderLineRow[], storeName: string, backUrl: string | null = null): string {
  const c = order.currency;
  const rows = lines.map(
    (l) => html`<tr><td>${l.name}</td><td class="n">${l.qty}</td><td class="n">${formatMoney(l.line_total_minor, c)}</td></tr>`,
  );
  const fees = order.fees_minor > 0 ? html`<tr><th scope="row" colspan="2">Fees</th><td class="n">${formatMoney(order.fees_minor, c)}</td></tr>` : html``;
  const form = (action: string, label: string, primary = false) =>
    html`<form method="post" action="/pay/${encodeURIComponent(order.reference)}" class="${primary ? 'primary' : ''}"><input type="hidden" name="action" value="${action}"><input type="hidden" name="token" value="${order.pay_token}"><button type="submit" class="${primary ? 'pay' : ''}">${label}</button></form>`;
  const open = order.status === 'pending_payment';
  const closed = html`<p>This checkout is <strong>${order.status.replace(/_/g, ' ')}</strong>; it can no longer be paid here.</p>${backLink(backUrl, storeName)}`;
  const body = html`<h1>${storeName}</h1>
<p class="note">Order ${order.reference} · sandbox payment page (no real money moves)</p>
<table><thead><tr><th scope="col">Item</th><th scope="col" class="n">Qty</th><th scope="col" class="n">Amount</th></tr></thead><tbody>${rows}${fees}
<tr><th scope="row" colspan="2" class="total">Total</th><td class="n total">${formatMoney(order.total_minor, c)}</td></tr></tbody></table>
${open ? html`<div class="actions">${form('pay', `Pay ${formatMoney(order.total_minor, c)}`, true)}${form('decline', 'Decline')}${form('cancel', 'Cancel')}</div>` : closed}`;
  return layout(`Pay ${storeName}`, body);
}

/** A short page for browsers: what went wrong, an optional way on, and the request id for support. */
export function renderMessagePage(title: string, message: string, options: { link?: { href: string; label: string }; requestId?: string } = {}): string {
  const link = options.link ? html`<p><a class="button" href="${options.link.href}">${options.link.label}</a></p>` : html``;
  const id = options.requestId ? html`<p class="note">Request id for support: ${options.requestId}</p>` : html``;
  return layout(title, html`<h1>${title}</h1><p>${message}</p>${link}${id}`);
}

/** `url` with trxref and reference set (CONTRACT §5 redirects). */
export function withReference(url: string, reference: string): string {
  const u = new URL(url);
  u.searchParams.set('trxref', reference);
  u.searchParams.set('reference', reference);
  return u.toString();
}

/** CSP for the page: nothing but inline style, and forms may only go here (or be redirected to the partner's URLs). */
export function payPageCsp(order: OrderRow): string {
  const origins = new Set<string>();
  for (const u of [order.return_url, order.cancel_url]) {
    try {
      if (u) origins.add(new URL(u).origin);
    } catch {
      // stored URLs were validated at creation
    }
  }
  return `default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; base-uri 'none'; frame-ancestors 'none'; form-action 'self' ${[...origins].join(' ')}`.trim();
}
