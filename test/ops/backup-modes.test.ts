// Backups hold customers, manage tokens and webhook secrets: archives (and their checksum files) are
// written 0600 in a 0700 folder, by `store-service backup` and by the server's scheduled backups,
// whatever the umask; an existing folder others could read is tightened.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TestEnv } from '../helpers/app.ts';
import { runScheduledBackup } from '../../src/ops/backup-schedule.ts';
import { baseEnv, enginesUnderTest, runCli } from './process.ts';

const modeOf = (path: string) => statSync(path).mode & 0o7777;

/** The folder is 0700 and everything backups wrote in it 0600. */
function assertPrivate(dir: string) {
  assert.equal(modeOf(dir).toString(8), '700', `${dir} is the service user's alone`);
  const written = readdirSync(dir);
  assert.ok(written.some((f) => f.endsWith('.tar.gz')), `an archive in ${written}`);
  assert.ok(written.some((f) => f.endsWith('.sha256')), `a checksum in ${written}`);
  for (const file of written) assert.equal(modeOf(join(dir, file)).toString(8), '600', file);
}

for (const engine of enginesUnderTest()) {
  describe(`store-service backup writes private files [${engine.name}]`, () => {
    it('a new folder (with its parents) is 0700, the archive and checksum 0600; an existing world-readable folder is tightened', { timeout: 120_000 }, async () => {
      const db = await engine.fresh();
      try {
        const env = { ...baseEnv(db.url, db.dataDir), SEED_DEMO: 'false' };
        assert.equal((await runCli(['migrate'], env)).code, 0);
        const root = mkdtempSync(join(tmpdir(), 'sis-backup-modes-'));
        const fresh = join(root, 'new', 'backups');
        const made = await runCli(['backup', '--to', fresh, '--json'], env);
        assert.equal(made.code, 0, made.stderr + made.stdout);
        assertPrivate(fresh);
        assert.equal(modeOf(join(root, 'new')).toString(8), '700', 'parents made for it are private too');

        const open = join(root, 'open');
        mkdirSync(open);
        chmodSync(open, 0o755);
        const again = await runCli(['backup', '--to', open, '--json'], { ...env });
        assert.equal(again.code, 0, again.stderr + again.stdout);
        assertPrivate(open);
      } finally {
        await db.drop();
      }
    });
  });
}

describe('scheduled backups write private files [sqlite]', () => {
  it('BACKUP_DIR is made 0700 and each archive 0600, even with a permissive umask', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sis-sched-modes-'));
    const backupDir = join(dir, 'backups');
    const env = new TestEnv({ name: 'sqlite', url: `sqlite:${join(dir, 'store.db')}` }, { BACKUP_DIR: backupDir });
    await env.start();
    const umask = process.umask(0o000);
    try {
      await env.createStore();
      const outcome = await runScheduledBackup(env.app.ctx, env.database);
      assert.equal(outcome?.ok, true, JSON.stringify(outcome));
      assertPrivate(backupDir);
    } finally {
      process.umask(umask);
      await env.stop();
    }
  });
});
