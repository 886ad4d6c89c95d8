// Dialogs of the catalog: delete (explains what it does, suggests unpublishing instead, and says in
// words why the service refused when it does), and a product's stock adjustment (stock received or
// removed, or a count), which every member may make, staff included.
import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Modal, NumberInput, SegmentedControl, Stack, Text } from '@mantine/core';
import { ApiError } from '../../api/client';
import { useAdjustStock, useDeleteItem, type Item, type StockChange } from '../../api/items';
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

type StockMode = 'add' | 'remove' | 'set';

const STOCK_INPUT: Record<StockMode, { label: string; description: string }> = {
  add: { label: 'How many arrived', description: 'Added to what is in stock now' },
  remove: { label: 'How many to take off', description: 'Damaged, used in the salon, or lost' },
  set: { label: 'Count in stock', description: 'What you counted on the shelf' },
};

/**
 * A product that counts its stock: stock received ("+"), removed ("−") or counted. Received and removed are added to what the service
 * holds when it is saved, so a sale made meanwhile is not lost; a count replaces it.
 */
export function StockDialog({ item, onClose, onSaved }: { item: Item; onClose(): void; onSaved?(item: Item): void }) {
  const store = useCurrentStore();
  const adjust = useAdjustStock(store.storeId);
  const [mode, setMode] = useState<StockMode>('add');
  const [amount, setAmount] = useState<number | string>('');
  const [error, setError] = useState<string | null>(null);
  const n = amount === '' ? null : Number(amount);
  const now = item.stockCount ?? 0;
  const after = n === null ? null : mode === 'add' ? now + n : mode === 'remove' ? now - n : n;

  async function save(e: FormEvent) {
    e.preventDefault();
    setError(null);
    if (n === null || !Number.isInteger(n) || n < 0 || (mode !== 'set' && n === 0)) return setError(mode === 'set' ? 'Enter the count (0 or more).' : 'Enter how many (1 or more).');
    if (after !== null && after < 0) return setError(`Only ${now} in stock: you can take off at most ${now}.`);
    const change: StockChange = mode === 'set' ? { stockCount: n } : { add: mode === 'add' ? n : -n };
    try {
      const saved = await adjust.mutateAsync({ itemId: item.id, change });
      notifyDone(`“${saved.name}”: ${saved.stockCount ?? 0} in stock`);
      onSaved?.(saved);
      onClose();
    } catch (err) {
      if (err instanceof ApiError && err.status === 403) setError('Your role in this store does not allow changing stock. Ask an owner or admin.');
      else if (err instanceof ApiError && err.details.length) setError(`${err.message} (${err.details.map((d) => d.message).join('; ')})`);
      else setError(err instanceof Error ? err.message : 'The stock was not changed.');
    }
  }

  return (
    <Modal opened onClose={onClose} title={`Adjust stock: ${item.name}`} closeButtonProps={{ 'aria-label': 'Close' }}>
      <form onSubmit={save} noValidate>
        <Stack>
          <Text size="sm">{now} in stock now.</Text>
          <div>
            <Text component="span" id="stock-mode" size="sm" fw={500} display="block" mb={4}>Change</Text>
            <SegmentedControl
              fullWidth
              aria-labelledby="stock-mode"
              value={mode}
              onChange={(v) => { setMode(v as StockMode); setError(null); }}
              data={[{ value: 'add', label: '+ Received' }, { value: 'remove', label: '− Removed' }, { value: 'set', label: 'Set count' }]}
            />
          </div>
          <NumberInput
            label={STOCK_INPUT[mode].label}
            description={STOCK_INPUT[mode].description}
            min={0}
            allowDecimal={false}
            allowNegative={false}
            inputMode="numeric"
            value={amount}
            onChange={setAmount}
            error={error}
            data-autofocus
          />
          <Text size="sm" aria-live="polite">{after !== null && after >= 0 ? `After this: ${after} in stock.` : ' '}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>Cancel</Button>
            <Button type="submit" loading={adjust.isPending}>Save stock</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
