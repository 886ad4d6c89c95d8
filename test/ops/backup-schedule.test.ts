// The server's own backups (BACKUP_DIR, BACKUP_INTERVAL_MINUTES, BACKUP_KEEP): made, pruned to the
// newest few, recorded for every instance to see (and for owners: a failure is said on Today);
// on PostgreSQL one instance at a time.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { TestEnv } from '../helpers/app.ts';
import { lastBackupOutcome, runScheduledBackup } from '../../src/ops/backup-schedule.ts';
import { listBackups, searchPathOf, verifyBackup } from '../../src/ops/backup.ts';

describe('scheduled backups [sqlite]', () => {
  it('makes an archive that verifies, keeps the newest BACKUP_KEEP, records the outcome; a failure is recorded and logged', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sis-sched-'));
    const backupDir = join(dir, 'backups');
    const env = new TestEnv({ name: 'sqlite', url: `sqlite:${join(dir, 'store.db')}` }, { BACKUP_DIR: backupDir, BACKUP_KEEP: '2' });
    await env.start();
    try {
      const store = await env.createStore();
      mkdirSync(join(env.config.uploadDir, store.storeId), { recursive: true });
      writeFileSync(join(env.config.uploadDir, store.storeId, 'a.png'), 'png');
      const ctx = env.app.ctx;
      for (let i = 0; i < 3; i++) {
        const outcome = await runScheduledBackup(ctx, env.database);
        assert.equal(outcome?.ok, true, JSON.stringify(outcome));
        await new Promise((r) => setTimeout(r, 1100));
      }
      const kept = await listBackups(backupDir);
      assert.equal(kept.length, 2, 'BACKUP_KEEP');
      const verified = await verifyBackup(kept[1]);
      assert.deepEqual(verified.problems, []);
      assert.equal(verified.manifest?.counts.stores, 1);
      assert.equal(verified.manifest?.uploads.length, 1);
      assert.equal((await lastBackupOutcome(ctx))?.archive, kept[1]);

      // The backup folder cannot be used (a file is where it should be): the failure is recorded, and
      // owners are told on Today.
      renameSync(backupDir, `${backupDir}.kept`);
      writeFileSync(backupDir, 'not a folder');
      try {
        const failed = await runScheduledBackup(ctx, env.database);
        assert.equal(failed?.ok, false);
        assert.match(failed?.error ?? '', /EEXIST|ENOTDIR|not a directory|file already exists/i);
        assert.equal((await lastBackupOutcome(ctx))?.ok, false);
        const overview = await env.inject({ method: 'GET', url: `/api/stores/${store.storeId}/overview`, headers: env.staffHeaders(store) });
        assert.equal(overview.statusCode, 200, overview.body);
        assert.equal(overview.data.attention.backupFailed, true, overview.body);
        assert.equal(overview.data.attention.lastBackup.ok, false);
        const staff = await env.addMember(store, { role: 'staff' });
        const theirs = await env.inject({ method: 'GET', url: `/api/stores/${store.storeId}/overview`, headers: staff.headers });
        assert.equal(theirs.data.attention.backupFailed, undefined, 'owners only');
      } finally {
        rmSync(backupDir);
        renameSync(`${backupDir}.kept`, backupDir);
      }
      assert.equal(readdirSync(backupDir).filter((f) => f.startsWith('.backup-')).length, 0, 'no leftovers');
    } finally {
      await env.stop();
    }
  });
});

describe('scheduled backups [postgres]', { skip: !process.env.TEST_DATABASE_URL && 'TEST_DATABASE_URL not set' }, () => {
  it('two instances at the same moment: one backup, which verifies', async () => {
    const base = process.env.TEST_DATABASE_URL!;
    const name = `sis_sched_${process.pid}_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = Object.assign(new URL(base), { pathname: `/${name}` }).toString();
    const backupDir = mkdtempSync(join(tmpdir(), 'sis-sched-pg-'));
    const a = new TestEnv({ name: 'postgres', url }, { BACKUP_DIR: backupDir });
    const b = new TestEnv({ name: 'postgres', url }, { BACKUP_DIR: backupDir });
    try {
      await a.start();
      await b.start();
      await a.createStore();
      const outcomes = await Promise.all([runScheduledBackup(a.app.ctx, a.database), runScheduledBackup(b.app.ctx, b.database)]);
      assert.equal(outcomes.filter((o) => o?.ok).length, 1, JSON.stringify(outcomes));
      assert.equal(outcomes.filter((o) => o === null).length, 1);
      assert.equal((await listBackups(backupDir)).length, 1);
      assert.equal((await verifyBackup((await listBackups(backupDir))[0])).ok, true);
    } finally {
      await a.stop();
      await b.stop();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
    assert.equal(searchPathOf('postgres://u@h/db?options=-c%20search_path%3Dshop_1'), 'shop_1');
    assert.equal(searchPathOf('postgres://u@h/db'), null);
  });
});
