// What `npm start` says once it listens: where the API docs, the demo credentials file, the
// database and the console are (never a key or password), a warning when other machines can
// connect but every link the service writes points at localhost, and readable lines on a terminal
// (pino-pretty) but JSON lines otherwise.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { serverLoggerOptions, startMessage } from '../../src/server.ts';
import { testConfig } from '../helpers/app.ts';
import { baseEnv, enginesUnderTest, ROOT, startServerProcess } from './process.ts';

const facts = { port: 3000, credentialsFile: null, consoleBuilt: false, lanAddress: '192.168.1.20' };
const warnings = (env: Record<string, string>) => startMessage(testConfig('sqlite::memory:', env), facts).filter((l) => l.level === 'warn');

describe('the start message', () => {
  it('warns when other machines can connect but PUBLIC_BASE_URL is localhost, saying what to set', () => {
    const [warning] = warnings({ HOST: '0.0.0.0', PUBLIC_BASE_URL: 'http://localhost:3000' });
    assert.match(warning.msg, /^HOST=0\.0\.0\.0 accepts connections from other machines, but PUBLIC_BASE_URL is http:\/\/localhost:3000: payment links \(checkoutUrl\), page links, canonical URLs and RSS/);
    assert.match(warning.msg, /Set PUBLIC_BASE_URL to the address they use \(e\.g\. PUBLIC_BASE_URL=http:\/\/192\.168\.1\.20:3000\), or HOST=127\.0\.0\.1 to serve this machine only\./);
    for (const [host, base] of [['::', 'http://127.0.0.1:3000'], ['192.168.1.20', 'http://localhost:3000'], ['0.0.0.0', 'http://[::1]:3000'], ['0.0.0.0', 'http://shop.localhost:3000']]) {
      assert.equal(warnings({ HOST: host, PUBLIC_BASE_URL: base }).length, 1, `${host} with ${base}`);
    }
  });

  it('does not warn when only this machine can connect, or when the base URL is a real address', () => {
    for (const [host, base] of [['127.0.0.1', 'http://localhost:3000'], ['::1', 'http://localhost:3000'], ['localhost', 'http://localhost:3000'], ['0.0.0.0', 'https://shop.example.com'], ['0.0.0.0', 'http://192.168.1.20:3000']]) {
      assert.deepEqual(warnings({ HOST: host, PUBLIC_BASE_URL: base }), [], `${host} with ${base}`);
    }
  });

  it('names the docs and the database always, the console and the credentials file only when they exist', () => {
    const config = testConfig('postgres://store:s3cret@db.internal:5432/shop', { HOST: '127.0.0.1', PUBLIC_BASE_URL: 'https://api.example.com' });
    assert.deepEqual(startMessage(config, facts).map((l) => l.msg), [
      'API docs: https://api.example.com/docs (OpenAPI document: https://api.example.com/openapi.json)',
      'Database: PostgreSQL database shop on db.internal:5432 (user store)',
    ]);
    const more = startMessage(config, { ...facts, consoleBuilt: true, credentialsFile: '/srv/data/demo-credentials.json' }).map((l) => l.msg);
    assert.ok(more.includes('Staff console: https://api.example.com/console/'));
    assert.ok(more.includes('Demo store credentials (integration key, staff login): /srv/data/demo-credentials.json'));
  });

  it('logs through pino-pretty on a terminal and as JSON otherwise', () => {
    assert.deepEqual(serverLoggerOptions(false), {});
    assert.equal((serverLoggerOptions(true) as any).transport.target, 'pino-pretty');
  });
});

const sqlite = enginesUnderTest()[0];

describe('npm start [sqlite]', () => {
  it('on 0.0.0.0 with a localhost base URL: JSON lines naming docs, credentials file and database, and the warning; never the key', async () => {
    const db = await sqlite.fresh();
    const server = await startServerProcess(baseEnv(db.url, db.dataDir, { HOST: '0.0.0.0', PUBLIC_BASE_URL: 'http://localhost:3000' }));
    try {
      await server.outputMatching(/"msg":"HOST=0\.0\.0\.0 accepts/);
      const lines = server.output().trim().split('\n').map((line) => JSON.parse(line));
      const says = (level: number, msg: string) => assert.ok(lines.some((l) => l.level === level && l.msg === msg), `logs ${msg}\n${server.output()}`);
      says(30, 'API docs: http://localhost:3000/docs (OpenAPI document: http://localhost:3000/openapi.json)');
      says(30, `Demo store credentials (integration key, staff login): ${join(db.dataDir, 'demo-credentials.json')}`);
      says(30, `Database: SQLite file ${db.url.slice('sqlite:'.length)}`);
      assert.ok(lines.some((l) => l.level === 40 && l.msg.startsWith('HOST=0.0.0.0 accepts connections from other machines')));
      const creds = JSON.parse(readFileSync(join(db.dataDir, 'demo-credentials.json'), 'utf8'));
      assert.ok(!server.output().includes(creds.integrationKey) && !server.output().includes(creds.staff.password));
    } finally {
      assert.equal(await server.stop(), 0);
    }
  });

  const hasScript = spawnSync('script', ['--version']).status === 0;
  it('on a terminal the lines are pretty-printed, not JSON', { skip: !hasScript && 'needs util-linux script for a terminal' }, async () => {
    const db = await sqlite.fresh();
    const env = { ...baseEnv(db.url, db.dataDir, { HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info' }) };
    // `script` gives the server a terminal as stdout; it ends the server when it is stopped itself.
    const child = spawn('script', ['-qfec', `${process.execPath} --import tsx src/server.ts`, '/dev/null'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    const closed = new Promise((resolve) => child.on('close', resolve));
    try {
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no start message within 60 s:\n${out}`)), 60_000);
        child.stdout.on('data', () => {
          if (/Database: SQLite file/.test(out)) {
            clearTimeout(timer);
            resolve();
          }
        });
      });
      // eslint-disable-next-line no-control-regex
      const plain = out.replace(/\u001b\[[0-9;]*m/g, '');
      assert.match(plain, /\] INFO: API docs: http:\/\/localhost:0\/docs/);
      assert.match(plain, /\] INFO: Database: SQLite file /);
      assert.doesNotMatch(plain, /\{"level":/);
    } finally {
      child.kill('SIGTERM');
      await closed;
    }
  });
});

describe('npm start [postgres]', { skip: !process.env.TEST_DATABASE_URL && 'TEST_DATABASE_URL is not set' }, () => {
  it('names the PostgreSQL database without its password', async () => {
    const [, postgres] = enginesUnderTest();
    const db = await postgres.fresh();
    const url = new URL(db.url);
    url.password = 'not-logged-s3cret';
    const server = await startServerProcess(baseEnv(url.toString(), db.dataDir, { SEED_DEMO: 'false' }));
    try {
      const output = await server.outputMatching(/"msg":"Database: /);
      assert.match(output, new RegExp(`"msg":"Database: PostgreSQL database \\w+ on ${url.host} \\(user ${url.username}, schema ops_\\w+\\)"`));
      assert.doesNotMatch(server.output(), /not-logged-s3cret/);
    } finally {
      assert.equal(await server.stop(), 0);
      await db.drop();
    }
  });
});
