// A message's content as an email: HTML built from react-email's components (tables and inline
// styles that Gmail, Outlook and phone mail apps render alike; no remote images), and a text part
// written for reading, not converted from the HTML. Everything shown is text React escapes, so a
// customer's name or note can never become markup.
import { createElement as h, type ReactNode } from 'react';
import { Body } from '@react-email/body';
import { Button } from '@react-email/button';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Heading } from '@react-email/heading';
import { Hr } from '@react-email/hr';
import { Html } from '@react-email/html';
import { Link } from '@react-email/link';
import { Preview } from '@react-email/preview';
import { renderToStaticMarkup } from 'react-dom/server';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import type { MessageContent, StoreFooter } from './content.ts';

const INK = '#1f2933';
const MUTED = '#52606d';
const ACCENT = '#0b6e4f';
const LINE = '#e4e7eb';
const FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

const styles = {
  body: { backgroundColor: '#f5f7f8', margin: 0, padding: '16px 0', fontFamily: FONT, color: INK },
  container: { backgroundColor: '#ffffff', maxWidth: '560px', width: '100%', margin: '0 auto', border: `1px solid ${LINE}`, borderRadius: '8px' },
  brand: { fontSize: '15px', fontWeight: 700, color: ACCENT, margin: 0, letterSpacing: '0.2px' },
  heading: { fontSize: '22px', lineHeight: '28px', margin: '8px 0 12px', color: INK },
  text: { fontSize: '16px', lineHeight: '24px', margin: '0 0 12px', color: INK },
  label: { fontSize: '13px', lineHeight: '18px', color: MUTED, padding: '6px 12px 6px 0', verticalAlign: 'top', width: '96px' },
  value: { fontSize: '15px', lineHeight: '22px', color: INK, padding: '6px 0', verticalAlign: 'top', wordBreak: 'break-word' as const },
  was: { fontSize: '13px', lineHeight: '18px', color: MUTED, textDecoration: 'line-through', display: 'block' },
  cell: { fontSize: '15px', lineHeight: '22px', color: INK, padding: '6px 0', wordBreak: 'break-word' as const },
  amount: { fontSize: '15px', lineHeight: '22px', color: INK, padding: '6px 0 6px 12px', textAlign: 'right' as const, whiteSpace: 'nowrap' as const },
  button: { backgroundColor: ACCENT, color: '#ffffff', fontSize: '16px', fontWeight: 600, borderRadius: '6px', padding: '12px 20px', textDecoration: 'none', display: 'inline-block' },
  small: { fontSize: '14px', lineHeight: '21px', margin: '0 0 8px', color: MUTED },
  footer: { fontSize: '13px', lineHeight: '20px', margin: '0 0 4px', color: MUTED },
  link: { color: ACCENT, textDecoration: 'underline' },
};

const table = (children: ReactNode, label: string) =>
  h('table', { role: 'presentation', width: '100%', cellPadding: 0, cellSpacing: 0, border: 0, 'aria-label': label, style: { borderCollapse: 'collapse', margin: '4px 0 16px' } }, h('tbody', null, children));

function detailsTable(content: MessageContent) {
  if (!content.details.length) return null;
  return table(
    content.details.map((d, i) =>
      h('tr', { key: i, style: { borderTop: i ? `1px solid ${LINE}` : 'none' } }, h('td', { style: styles.label }, d.label), h('td', { style: styles.value }, d.was ? h('span', { style: styles.was }, d.was) : null, d.value)),
    ),
    'Details',
  );
}

function linesTable(content: MessageContent) {
  if (!content.lines.length) return null;
  const rows = [
    ...content.lines.map((line, i) =>
      h('tr', { key: `l${i}`, style: { borderTop: `1px solid ${LINE}` } }, h('td', { style: styles.cell }, line.qty > 1 ? `${line.name} × ${line.qty}` : line.name), h('td', { style: styles.amount }, line.amount)),
    ),
    ...content.totals.map((t, i) =>
      h(
        'tr',
        { key: `t${i}`, style: { borderTop: `1px solid ${LINE}` } },
        h('td', { style: { ...styles.cell, fontWeight: t.strong ? 700 : 400 } }, t.label),
        h('td', { style: { ...styles.amount, fontWeight: t.strong ? 700 : 400 } }, t.value),
      ),
    ),
  ];
  return table(rows, 'Items');
}

function footer(store: StoreFooter) {
  const links = [store.phone, store.whatsapp, store.email, store.map].filter((l): l is { text: string; href: string } => l !== null);
  return h(
    Section,
    { style: { padding: '0 24px 20px' } },
    h(Text, { style: { ...styles.footer, fontWeight: 700, color: INK } }, store.name),
    store.address ? h(Text, { style: styles.footer }, store.address) : null,
    ...links.map((l, i) => h(Text, { key: i, style: styles.footer }, h(Link, { href: l.href, style: styles.link }, l.text))),
  );
}

/** react-email's doctype: the one mail apps expect of an HTML mail. */
const DOCTYPE = '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">';

/**
 * The HTML of the message. React's synchronous renderer: react-email's own render() streams through
 * a Suspense boundary for components that load data, which these never do, and cost about four
 * times as much per mail.
 */
export async function emailHtml(content: MessageContent, store: StoreFooter, locale: string): Promise<string> {
  const lang = locale.split('-')[0] || 'en';
  const doc = h(
    Html,
    { lang, dir: 'ltr' },
    h(Head, null, h('title', null, content.subject), h('meta', { name: 'color-scheme', content: 'light' })),
    h(Preview, null, content.preheader),
    h(
      Body,
      { style: styles.body },
      h(
        Container,
        { style: styles.container },
        h(
          Section,
          { style: { padding: '20px 24px 4px' } },
          h(Text, { style: styles.brand }, store.name),
          h(Heading, { as: 'h1', style: styles.heading }, content.heading),
          ...content.paragraphs.map((p, i) => h(Text, { key: `p${i}`, style: styles.text }, p)),
          detailsTable(content),
          linesTable(content),
          ...content.actions.map((a, i) => h(Section, { key: `a${i}`, style: { margin: '4px 0 16px' } }, h(Button, { href: a.url, style: styles.button }, a.label))),
          ...content.closing.map((c, i) => h(Text, { key: `c${i}`, style: styles.small }, c)),
        ),
        h(Section, { style: { padding: '0 24px' } }, h(Hr, { style: { borderColor: LINE, margin: '8px 0 16px' } })),
        footer(store),
      ),
    ),
  );
  return DOCTYPE + renderToStaticMarkup(doc);
}

/** The text part: the same content, laid out for a plain-text reader. */
export function emailText(content: MessageContent, store: StoreFooter): string {
  const out: string[] = [content.heading, '', ...content.paragraphs.flatMap((p) => [p, ''])];
  if (content.details.length) {
    for (const d of content.details) out.push(`${d.label}: ${d.value}${d.was ? ` (was ${d.was})` : ''}`);
    out.push('');
  }
  if (content.lines.length) {
    for (const line of content.lines) out.push(`${line.qty} × ${line.name}  ${line.amount}`);
    for (const t of content.totals) out.push(`${t.label}: ${t.value}`);
    out.push('');
  }
  for (const a of content.actions) out.push(`${a.label}: ${a.url}`, '');
  for (const c of content.closing) out.push(c);
  if (content.closing.length) out.push('');
  out.push('--', store.name);
  if (store.address) out.push(store.address);
  for (const l of [store.phone, store.whatsapp, store.email]) if (l) out.push(l.text);
  if (store.map) out.push(`Map: ${store.map.href}`);
  return out.join('\n');
}
