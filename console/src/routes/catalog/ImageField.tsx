// The item's picture: chosen from the device, checked here (an image, at most 5 MB) before it is
// sent to POST /api/uploads (which checks the content again), shown with its alt text. The item
// keeps the returned URL once the form is saved.
import { useState } from 'react';
import { Button, FileInput, Group, Image, Loader, Stack, Text, Textarea } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { uploadImage } from '../../api/client';
import type { ItemFormValues } from './item-form';
import { imageProblem } from '../content/shared';

export function ImageField({ form, storeId }: { form: UseFormReturnType<ItemFormValues>; storeId: string }) {
  const [uploading, setUploading] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const { imageUrl, imageAlt } = form.getValues();

  async function choose(next: File | null) {
    setFile(next);
    if (!next) return;
    form.clearFieldError('imageUrl');
    const problem = imageProblem(next);
    if (problem) {
      form.setFieldError('imageUrl', problem);
      return;
    }
    setUploading(true);
    try {
      form.setFieldValue('imageUrl', await uploadImage(storeId, next));
    } catch (e) {
      form.setFieldError('imageUrl', `The picture was not uploaded: ${e instanceof Error ? e.message : 'unknown error'}`);
    } finally {
      setUploading(false);
    }
  }

  return (
    <Group align="flex-start" gap="md">
      <div style={{ flex: 'none' }}>
        {imageUrl ? (
          <Image src={imageUrl} alt={imageAlt || 'The item’s picture (no description yet)'} w={140} h={140} radius="md" fit="cover" />
        ) : (
          <Stack w={140} h={140} justify="center" align="center" style={{ borderRadius: 'var(--mantine-radius-md)', background: 'var(--mantine-color-gray-1)' }}>
            <Text size="sm" c="dimmed">No picture</Text>
          </Stack>
        )}
      </div>
      <Stack gap="sm" style={{ flex: '1 1 240px', minWidth: 0 }}>
        <FileInput
          label={imageUrl ? 'Replace picture' : 'Picture'}
          description="PNG, JPEG, GIF, WebP or AVIF, at most 5 MB"
          placeholder="Choose a file"
          // Mantine's placeholder grey is under 4.5:1 on white; this one is a real element, not ::placeholder.
          styles={{ placeholder: { color: 'var(--mantine-color-dimmed)' } }}
          accept="image/*"
          value={file}
          onChange={choose}
          error={form.errors.imageUrl}
          disabled={uploading}
          rightSection={uploading ? <Loader size="xs" role="status" aria-label="Uploading" /> : undefined}
        />
        <Textarea
          label="Picture description (alt text)"
          description="What the picture shows, read out to people who cannot see it"
          autosize
          minRows={1}
          maxLength={300}
          {...form.getInputProps('imageAlt')}
        />
        {imageUrl && (
          <Group>
            <Button variant="default" size="xs" onClick={() => { setFile(null); form.setFieldValue('imageUrl', ''); }}>Remove picture</Button>
          </Group>
        )}
      </Stack>
    </Group>
  );
}
