// A server that backs itself up (BACKUP_DIR set) and whose last backup failed tells the store's owners
// on Today, in words, with the reason; staff are not told (they do not run the server).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { recordBackupOutcome } from '../../src/ops/backup-schedule.ts';
import { describeConsole, inspect, inviteMember, signInThroughUi } from './harness.ts';

describeConsole('console: a failed backup on Today', (c) => {
  test('owners see that the last backup failed and why; staff do not', async () => {
    const store = await c.env.createStore({ name: 'Backed Up Salon' });
    await recordBackupOutcome(c.env.app.ctx, { ok: false, at: new Date().toISOString(), durationMs: 12, error: 'ENOSPC: no space left on device' });
    const owner = await c.newPage(390);
    try {
      await signInThroughUi(owner.page, store.email, store.password);
      await owner.page.waitForURL(/\/today/);
      const alert = owner.page.getByRole('alert').filter({ hasText: 'The last backup failed' });
      await alert.waitFor();
      assert.match(await alert.innerText(), /ENOSPC: no space left on device/);
      await inspect(owner.page, 'today-backup-failed', c.env.dialect.name);
    } finally {
      await owner.context.close();
    }
    const email = `staff-${Date.now()}@example.test`;
    const password = await inviteMember(c.env, store, { email, name: 'Front Desk', role: 'staff' });
    const staff = await c.newPage(390);
    try {
      await signInThroughUi(staff.page, email, password);
      await staff.page.waitForURL(/\/today/);
      await staff.page.getByRole('heading', { name: 'Needs attention' }).waitFor();
      assert.equal(await staff.page.getByText('The last backup failed').count(), 0);
    } finally {
      await staff.context.close();
    }
  });
}, { env: { BACKUP_DIR: mkdtempSync(join(tmpdir(), 'sis-console-backups-')) } });
