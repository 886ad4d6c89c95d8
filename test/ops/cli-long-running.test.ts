// `store-service serve` and `store-service worker` as real processes: they start, do their job, and
// exit 0 on SIGTERM.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
import { BIN, baseEnv, enginesUnderTest } from './process.ts';

function startBin(args: string[], env: NodeJS.ProcessEnv, ready: RegExp) {
  const child = spawn(process.execPath, [BIN, ...args], { env, cwd: tmpdir(), stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  const exited = new Promise<number | null>((r) => child.on('close', (code) => r(code)));
  const started = new Promise<RegExpExecArray>((resolvePromise, reject) => {
    const timer = setTimeout(() => reject(new Error(`not ready within 60 s:\n${out}`)), 60_000);
    const onData = (d: Buffer) => {
      out += d;
      const m = ready.exec(out);
      if (m) {
        clearTimeout(timer);
        resolvePromise(m);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then((code) => reject(new Error(`exited ${code} before ready:\n${out}`)));
  });
  return { child, started, exited, output: () => out };
}

const sqlite = enginesUnderTest()[0];

describe('CLI serve and worker [sqlite]', () => {
  it('serve listens, answers /readyz, and exits 0 on SIGTERM', async () => {
    const db = await sqlite.fresh();
    const env = baseEnv(db.url, db.dataDir, { LOG_LEVEL: 'info', HOST: '127.0.0.1', PORT: '0', SEED_DEMO: 'false' });
    const proc = startBin(['serve'], env, /Server listening at (http:\/\/127\.0\.0\.1:\d+)/);
    try {
      const [, baseUrl] = await proc.started;
      const res = await fetch(`${baseUrl}/readyz`);
      assert.equal(res.status, 200);
      assert.deepEqual(await res.json(), { ok: true, database: 'sqlite' });
    } finally {
      proc.child.kill('SIGTERM');
    }
    assert.equal(await proc.exited, 0);
  });

  it('worker runs without an HTTP listener and exits 0 on SIGTERM; serve refuses extra arguments', async () => {
    const db = await sqlite.fresh();
    const env = baseEnv(db.url, db.dataDir, { LOG_LEVEL: 'info' });
    const proc = startBin(['worker'], env, /workers running \(no HTTP\)/);
    try {
      await proc.started;
      assert.doesNotMatch(proc.output(), /Server listening/);
    } finally {
      proc.child.kill('SIGTERM');
    }
    assert.equal(await proc.exited, 0);

    const bad = startBin(['serve', '--port', '1'], env, /$^/);
    bad.started.catch(() => undefined);
    assert.equal(await bad.exited, 2);
    assert.match(bad.output(), /Unknown option '--port'/);
  });
});
