// Pieces the content and blog pages share: a picture chosen from the device and checked here
// (an image, at most 5 MB) before it goes to POST /api/uploads, which checks its content again;
// a confirmation dialog for what cannot be undone.
import { useState, type ReactNode } from 'react';
import { Button, FileInput, Group, Image, Loader, Modal, Stack, Text } from '@mantine/core';
import { uploadImage } from '../../api/client';

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/** Why a file cannot be sent as a picture, or null. */
export function imageProblem(file: File): string | null {
  if (!file.type.startsWith('image/')) return `“${file.name}” is not an image. Choose a PNG, JPEG, GIF, WebP or AVIF picture.`;
  if (file.size > MAX_IMAGE_BYTES) return `“${file.name}” is ${(file.size / 1024 / 1024).toFixed(1)} MB; pictures can be at most 5 MB.`;
  return null;
}

/** Checks then uploads a picture; resolves to its URL or rejects with a sentence a person can act on. */
export async function uploadCheckedImage(storeId: string, file: File): Promise<string> {
  const problem = imageProblem(file);
  if (problem) throw new Error(problem);
  try {
    return await uploadImage(storeId, file);
  } catch (e) {
    throw new Error(`“${file.name}” was not uploaded: ${e instanceof Error ? e.message : 'unknown error'}`);
  }
}

// Mantine's placeholder grey is under 4.5:1 on white; this one is a real element, not ::placeholder.
export const readablePlaceholder = { placeholder: { color: 'var(--mantine-color-dimmed)' } };

interface ImageFieldProps {
  storeId: string;
  label: string;
  url: string;
  onUrl(url: string): void;
  error?: ReactNode;
  onError(message: string | null): void;
  /** Alt text of the thumbnail (what the picture shows), when the form has one. */
  alt?: string;
  disabled?: boolean;
}

/** One picture of a form: a thumbnail, a file chooser that uploads at once, and Remove. */
export function ImageField({ storeId, label, url, onUrl, error, onError, alt, disabled }: ImageFieldProps) {
  const [file, setFile] = useState<File | null>(null);
  const [uploading, setUploading] = useState(false);

  async function choose(next: File | null) {
    setFile(next);
    if (!next) return;
    onError(null);
    setUploading(true);
    try {
      onUrl(await uploadCheckedImage(storeId, next));
    } catch (e) {
      onError(e instanceof Error ? e.message : 'The picture was not uploaded.');
      setFile(null);
    } finally {
      setUploading(false);
    }
  }

  return (
    <Group align="flex-start" gap="md" wrap="wrap">
      {url ? (
        <Image src={url} alt={alt || `${label} (no description yet)`} w={120} h={90} radius="md" fit="cover" style={{ flex: 'none' }} />
      ) : (
        <Stack w={120} h={90} justify="center" align="center" style={{ flex: 'none', borderRadius: 'var(--mantine-radius-md)', background: 'var(--mantine-color-gray-1)' }}>
          <Text size="sm" c="dimmed">No picture</Text>
        </Stack>
      )}
      <Stack gap="xs" style={{ flex: '1 1 220px', minWidth: 0 }}>
        <FileInput
          label={url ? `Replace ${label.toLowerCase()}` : label}
          description="PNG, JPEG, GIF, WebP or AVIF, at most 5 MB"
          placeholder="Choose a file"
          styles={readablePlaceholder}
          accept="image/*"
          value={file}
          onChange={choose}
          error={error}
          disabled={disabled || uploading}
          rightSection={uploading ? <Loader size="xs" role="status" aria-label="Uploading" /> : undefined}
        />
        {url && !disabled && (
          <Group>
            <Button variant="default" size="xs" onClick={() => { setFile(null); onUrl(''); }}>Remove {label.toLowerCase()}</Button>
          </Group>
        )}
      </Stack>
    </Group>
  );
}

interface ConfirmProps {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  onConfirm(): Promise<unknown> | void;
  onClose(): void;
  busy?: boolean;
  color?: string;
}

/** "Are you sure?" for an action that cannot be undone; the safe choice has the focus. */
export function ConfirmDialog({ title, children, confirmLabel, onConfirm, onClose, busy, color = 'red' }: ConfirmProps) {
  return (
    <Modal opened onClose={onClose} title={title} closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack>
        <div>{children}</div>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-autofocus>Cancel</Button>
          <Button color={color} loading={busy} onClick={() => void onConfirm()}>{confirmLabel}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** A URL a person typed, when it is an absolute http(s) address (what the service accepts). */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value.trim());
    return (url.protocol === 'http:' || url.protocol === 'https:') && !!url.hostname && /^https?:\/\//i.test(value.trim());
  } catch {
    return false;
  }
}
