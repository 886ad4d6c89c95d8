// Confirmations of the catalog: delete (explains what it does, suggests unpublishing instead, and
// says in words why the service refused when it does).
import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { ApiError } from '../../api/client';
import { useDeleteItem, type Item } from '../../api/items';
import { useCurrentStore } from '../../components/store-context';
import { notifyDone } from '../../lib/notify';
import { ERROR_TITLE, TYPE_LABEL } from './labels';

/** Why a delete did not happen, in words. */
function deleteRefusal(error: unknown, item: Item): { text: string; final: boolean } {
  if (!(error instanceof ApiError)) return { text: error instanceof Error ? error.message : 'Something went wrong.', final: false };
  if (error.status === 404) return { text: `“${item.name}” is no longer in the catalog: someone else deleted it, or a catalog sync removed it.`, final: true };
  if (error.status === 403) return { text: 'Only owners and admins can delete catalog items: ask one of them.', final: true };
  if (error.status === 409) return { text: `The service keeps this item: ${error.message} Unpublish it instead to hide it from your website and partners.`, final: true };
  return { text: error.message, final: error.status > 0 && error.status < 500 };
}

export function DeleteItemDialog({ item, onClose, onDeleted }: { item: Item; onClose(): void; onDeleted(): void }) {
  const store = useCurrentStore();
  const remove = useDeleteItem(store.storeId);
  const [refusal, setRefusal] = useState<{ text: string; final: boolean } | null>(null);
  const kind = TYPE_LABEL[item.itemType].toLowerCase();

  async function confirm() {
    setRefusal(null);
    try {
      await remove.mutateAsync(item.id);
      notifyDone(`“${item.name}” deleted`);
      onDeleted();
    } catch (e) {
      setRefusal(deleteRefusal(e, item));
    }
  }

  return (
    <Modal opened onClose={onClose} title={`Delete this ${kind}?`} closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack>
        <Text size="sm">
          “{item.name}” is removed from the catalog for good: your website and partners stop listing it at once
          {item.itemType === 'product' ? ' and it can no longer be ordered.' : ' and it can no longer be booked.'} Orders and bookings already made keep
          their own copy of its name and price{item.itemType === 'product' ? '' : ', but its bookings can no longer be moved to another time'}.
        </Text>
        {item.published && <Text size="sm">To hide it for a while instead, unpublish it: it keeps its details{item.itemType === 'product' ? ' and stock' : ' and schedule'}.</Text>}
        {refusal && <Alert color="red" role="alert" title={`The ${kind} was not deleted`} styles={ERROR_TITLE}>{refusal.text}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>{refusal?.final ? 'Close' : `Keep ${kind}`}</Button>
          {!refusal?.final && <Button color="red" loading={remove.isPending} onClick={confirm}>Delete {kind}</Button>}
        </Group>
      </Stack>
    </Modal>
  );
}
