// The store frame's two header menus (switch store; account), a module of their own: the code of a
// menu (Mantine's Menu, with its positioning library) is loaded once the first page is on screen or
// when a button is tapped before that (AppLayout), not with the first page.
import type { ReactElement } from 'react';
import { Menu, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { StoreMembership } from '../api/session';

export function StoreMenu({ target, stores, currentId, onPick, defaultOpened }: { target: ReactElement; stores: StoreMembership[]; currentId: string; onPick(storeId: string): void; defaultOpened: boolean }) {
  return (
    <Menu position="bottom-start" withinPortal defaultOpened={defaultOpened}>
      <Menu.Target>{target}</Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Your stores</Menu.Label>
        {stores.map((s) => (
          <Menu.Item key={s.id} onClick={() => onPick(s.id)} aria-current={s.id === currentId ? 'true' : undefined}>
            {s.name} <Text span size="xs" c="dimmed">({s.role})</Text>
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

export function AccountMenu({ target, email, storeId, onSignOut, defaultOpened }: { target: ReactElement; email: string; storeId: string; onSignOut(): void; defaultOpened: boolean }) {
  return (
    <Menu position="bottom-end" withinPortal defaultOpened={defaultOpened}>
      <Menu.Target>{target}</Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{email}</Menu.Label>
        <Menu.Item component={Link} to={`/s/${storeId}/account`}>Change password</Menu.Item>
        <Menu.Item color="red" onClick={onSignOut}>Sign out</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
