// One label and value of a Mantine DataList, the value wrapping anywhere (long emails and links on a phone).
import type { ReactNode } from 'react';
import { DataList } from '@mantine/core';

export function DataItem({ label, children }: { label: string; children: ReactNode }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue style={{ overflowWrap: 'anywhere' }}>{children}</DataList.ItemValue>
    </DataList.Item>
  );
}
