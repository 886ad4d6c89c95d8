// Settings → Store → Store page: the address where customers see the store and book
// ({origin}/s/{slug}), to copy, open, send on WhatsApp or print as a QR code for the counter.
// Owners and admins turn the page on or off (saved at once); staff read whether it is on and share
// it like anyone. Off, the address answers "not found", so there is nothing to share. Today links
// here (#store-page). The QR code's library is loaded only when the card shows, never with the console.
import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { Alert, Button, Card, CopyButton, Group, Skeleton, Stack, Switch, Text, Title } from '@mantine/core';
import { useLocation } from 'react-router';
import { canManage } from '../../api/session';
import { useUpdateStore, type Store } from '../../api/store';
import { useFormError } from '../../components/api-form';
import { useCurrentStore } from '../../components/store-context';
import { notifyDone } from '../../lib/notify';
import './store-page.css';

/** The card's anchor: Today links to settings#store-page (spelled out there, so Today does not load this file). */
const STORE_PAGE_ANCHOR = 'store-page';

/** The store page on this server: customers see the store and book there. */
const storePageUrl = (slug: string) => `${window.location.origin}/s/${slug}`;

export function StorePageCard({ store }: { store: Store }) {
  const current = useCurrentStore();
  const manage = canManage(current.role);
  const update = useUpdateStore(store.id);
  const error = useFormError();
  const link = storePageUrl(store.slug);
  // The switch moves in the click itself and shows that until the store's settings say it (the
  // saved store reaches this card a moment after the save's answer); it goes back if the save fails.
  const [shown, setShown] = useState<boolean | null>(null);
  const [known, setKnown] = useState(store.storePageEnabled);
  if (known !== store.storePageEnabled) {
    setKnown(store.storePageEnabled);
    setShown(null);
  }
  const enabled = shown ?? store.storePageEnabled;
  const saving = useRef(false);
  const section = useRef<HTMLElement>(null);
  const { hash } = useLocation();

  // Opened from a link to the card (#store-page): brought into view and focused, as a browser does
  // with an anchor on a page that was there from the start.
  useEffect(() => {
    if (hash !== `#${STORE_PAGE_ANCHOR}` || !section.current) return;
    section.current.scrollIntoView({ block: 'start' });
    section.current.focus({ preventScroll: true });
  }, [hash]);

  async function toggle(next: boolean) {
    // One change at a time; the switch stays enabled meanwhile, so it keeps the keyboard's focus.
    if (saving.current) return;
    saving.current = true;
    setShown(next);
    error.clear();
    try {
      const saved = await update.mutateAsync({ storePageEnabled: next });
      setShown(saved.store.storePageEnabled);
      notifyDone(saved.store.storePageEnabled ? 'Store page turned on: customers can book at your link' : 'Store page turned off: the link answers “not found”');
    } catch (e) {
      setShown(null);
      error.set(e);
    } finally {
      saving.current = false;
    }
  }

  return (
    <Card withBorder component="section" aria-labelledby="settings-store-page" id={STORE_PAGE_ANCHOR} ref={section} tabIndex={-1} className="store-page-card">
      <Title order={2} size="h4" id="settings-store-page">Store page</Title>
      <Text size="sm" c="dimmed" mb="sm">
        Your own page where customers see your services and book. Share its link in messages and on social media, or print its QR code for your counter.
      </Text>
      <Stack gap="sm">
        {error.message && <Alert color="red" role="alert">{error.message}</Alert>}
        {manage ? (
          <Switch
            label="Customers can book on your store page"
            checked={enabled}
            onChange={(event) => void toggle(event.currentTarget.checked)}
          />
        ) : (
          <Text size="sm">
            <Text span fw={600}>{enabled ? 'On: ' : 'Off: '}</Text>
            {enabled ? 'customers can book on your store page.' : 'customers cannot book on your store page.'} Only owners and admins can turn it on or off.
          </Text>
        )}
        {enabled ? (
          <ShareLink link={link} storeName={store.name} />
        ) : (
          <Alert color="gray" role="status" title="Your store page is off">
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {link} answers “not found”, and so does its booking page, until {manage ? 'you turn it on again' : 'an owner or admin turns it on again'}.
            </Text>
          </Alert>
        )}
      </Stack>
    </Card>
  );
}

/** The link with its ways of sharing, and its QR code (drawn once the library has loaded). */
function ShareLink({ link, storeName }: { link: string; storeName: string }) {
  const qr = useQrSvg(link);
  const svg = qr === 'failed' ? null : qr;
  const [printing, setPrinting] = useState(false);
  const whatsapp = `https://wa.me/?text=${encodeURIComponent(`Book with ${storeName}: ${link}`)}`;
  const label = `QR code for ${link}`;

  // Printing: only the printable view (a child of <body>, see store-page.css) goes on paper; it is
  // drawn first, then the browser's print opens, and it goes once printing is done.
  useEffect(() => {
    if (!printing) return;
    const done = () => setPrinting(false);
    window.addEventListener('afterprint', done);
    document.body.classList.add('printing-store-qr');
    const frame = requestAnimationFrame(() => window.print());
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('afterprint', done);
      document.body.classList.remove('printing-store-qr');
    };
  }, [printing]);

  return (
    <div className="store-page-share">
      <Stack gap="xs" className="store-page-share-main">
        <Text size="sm" fw={500}>Your booking link</Text>
        <Text fw={600} className="store-page-link">{link}</Text>
        <Group gap="xs">
          <CopyButton value={link} timeout={2000}>
            {({ copied, copy }) => <Button size="sm" variant={copied ? 'filled' : 'default'} onClick={copy}>{copied ? 'Copied' : 'Copy link'}</Button>}
          </CopyButton>
          <Button size="sm" variant="default" component="a" href={link} target="_blank" rel="noopener" aria-label="Open your store page (new tab)">Open</Button>
          <Button size="sm" variant="default" component="a" href={whatsapp} target="_blank" rel="noopener">Share on WhatsApp</Button>
        </Group>
      </Stack>
      {/* Without the QR code's library (offline), the link and its buttons still work. */}
      {qr !== 'failed' && (
        <Stack gap="xs" align="center" className="store-page-qr-column">
          {svg ? <QrSvg svg={svg} label={label} className="store-page-qr" /> : <Skeleton className="store-page-qr" h={160} aria-hidden />}
          <Button size="xs" variant="default" disabled={!svg} onClick={() => (printing ? window.print() : setPrinting(true))}>Print QR code</Button>
        </Stack>
      )}
      {printing && svg && createPortal(
        <div className="store-page-print">
          <h1>{storeName}</h1>
          <p className="store-page-print-scan">Scan to book</p>
          <QrSvg svg={svg} label={label} className="store-page-print-qr" />
          <p className="store-page-print-link">{link}</p>
        </div>,
        document.body,
      )}
    </div>
  );
}

/**
 * The QR code of `text` as SVG markup: null until the library (its own chunk) has drawn it, and
 * 'failed' when it could not be loaded (offline, on a device that never kept it).
 */
function useQrSvg(text: string): string | null | 'failed' {
  const [drawn, setDrawn] = useState<{ text: string; svg: string | 'failed' } | null>(null);
  useEffect(() => {
    let live = true;
    import('qrcode')
      .then((QRCode) => QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M' }))
      .then(
        (svg) => live && setDrawn({ text, svg }),
        () => live && setDrawn({ text, svg: 'failed' }),
      );
    return () => {
      live = false;
    };
  }, [text]);
  return drawn?.text === text ? drawn.svg : null;
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The library's SVG (its own output, no outside text inside it) with an accessible name. */
function QrSvg({ svg, label, className }: { svg: string; label: string; className: string }) {
  const named = svg.replace('<svg ', `<svg role="img" aria-label="${escapeAttribute(label)}" `);
  return <div className={className} dangerouslySetInnerHTML={{ __html: named }} />;
}
