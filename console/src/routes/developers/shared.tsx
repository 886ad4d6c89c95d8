// Pieces the developer pages share: the dialog that shows a secret once, a copy button, the notice
// staff see instead of developer settings, and a confirmation dialog for destructive actions.
import { useState, type ReactNode } from 'react';
import { ActionIcon, Alert, Button, Code, CopyButton, Group, Modal, Stack, Text, Tooltip } from '@mantine/core';
import { canManage } from '../../api/session';
import { PageHeader } from '../../components/PageState';
import { useCurrentStore } from '../../components/store-context';

/** Yellow alerts' own title colour is too light on their background (WCAG AA): titles in dark text. */
export const warningAlertStyles = { title: { color: 'var(--mantine-color-dark-7)' } };

/** A button that copies `value`; says "Copied" for a moment. */
export function CopyValue({ value, label }: { value: string; label: string }) {
  return (
    <CopyButton value={value} timeout={2000}>
      {({ copied, copy }) => (
        <Button size="xs" variant={copied ? 'filled' : 'default'} onClick={copy} aria-label={copied ? `${label}: copied` : label}>
          {copied ? 'Copied' : 'Copy'}
        </Button>
      )}
    </CopyButton>
  );
}

/** A small copy icon beside a value in a list (the value stays readable next to it). */
export function CopyIcon({ value, label }: { value: string; label: string }) {
  return (
    <CopyButton value={value} timeout={2000}>
      {({ copied, copy }) => (
        <Tooltip label={copied ? 'Copied' : label} withArrow>
          <ActionIcon variant="subtle" size="sm" onClick={copy} aria-label={copied ? `${label}: copied` : label}>
            {copied ? <CheckIcon /> : <CopyGlyph />}
          </ActionIcon>
        </Tooltip>
      )}
    </CopyButton>
  );
}

// Drawn here: a font may lack the copy and check characters.
function CopyGlyph() {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <rect x="9" y="9" width="12" height="12" rx="2" />
      <path d="M5 15H4a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1h10a1 1 0 0 1 1 1v1" />
    </svg>
  );
}

function CheckIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <path d="M5 12l5 5L20 7" />
    </svg>
  );
}

/**
 * The one time a secret is shown: the value, a copy button and a plain warning. Closing it forgets
 * the secret (it lives only in the caller's state, never in the query cache or the address).
 */
export function SecretDialog({ title, secret, children, onClose }: { title: string; secret: string; children?: ReactNode; onClose: () => void }) {
  return (
    <Modal opened onClose={onClose} title={title} closeOnClickOutside={false} closeButtonProps={{ 'aria-label': 'Close' }} size="lg">
      <Stack>
        <Alert color="yellow" title="Store it now; it will not be shown again" role="status" styles={warningAlertStyles}>
          Copy it into your website’s secret settings (its server, never its browser code). If it is lost, create a new one and revoke or rotate this one.
        </Alert>
        <Code block aria-label="Secret" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap', fontSize: 'var(--mantine-font-size-sm)' }}>
          {secret}
        </Code>
        {children}
        <Group justify="space-between">
          <CopyValue value={secret} label="Copy the secret" />
          <Button onClick={onClose}>I have stored it</Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Shown in place of developer pages to members who may not use them (the API refuses them anyway). */
export function OwnersOnly({ title, children }: { title: string; children: ReactNode }) {
  const store = useCurrentStore();
  if (canManage(store.role)) return <>{children}</>;
  return (
    <Stack>
      <PageHeader title={title} />
      <Text>Developer settings are for the store’s owners and admins. Ask one of them if your website needs a key or a webhook.</Text>
    </Stack>
  );
}

/**
 * Asks before a destructive action; shows why it failed and keeps the dialog open when it does.
 * `onConfirm` throws to report a failure.
 */
export function ConfirmDialog(props: {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  color?: string;
  onConfirm: () => Promise<void>;
  onClose: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <Modal opened onClose={props.onClose} title={props.title} closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack>
        {props.children}
        {error && <Alert color="red" role="alert" title="Nothing was changed">{error}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>{props.cancelLabel}</Button>
          <Button
            color={props.color ?? 'red'}
            loading={busy}
            onClick={async () => {
              setBusy(true);
              setError(null);
              try {
                await props.onConfirm();
              } catch (e) {
                setError(e instanceof Error ? e.message : 'Something went wrong.');
              } finally {
                setBusy(false);
              }
            }}
          >
            {props.confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
