// The console's precompressed copies (.br, .gz) always match the file next to them: a file too small to
// compress loses the copies an earlier, larger build left (the static server would serve those
// instead: an old index.html after a deploy), and a changed file is compressed again.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { compressAssets } from './build.mjs';

test('stale compressed copies of a small file are removed; a large file is (re)compressed', () => {
  const dir = mkdtempSync(join(tmpdir(), 'compress-'));
  try {
    const small = join(dir, 'index.html');
    writeFileSync(`${small}.br`, 'old build');
    writeFileSync(`${small}.gz`, 'old build');
    writeFileSync(small, '<!doctype html><title>new</title>');
    // The stale copies are even newer than the file: only its size decides.
    const later = new Date(Date.now() + 60_000);
    utimesSync(`${small}.br`, later, later);
    compressAssets(dir);
    assert.ok(!existsSync(`${small}.br`) && !existsSync(`${small}.gz`));

    const large = join(dir, 'app.js');
    writeFileSync(large, 'x'.repeat(5000));
    compressAssets(dir);
    assert.equal(brotliDecompressSync(readFileSync(`${large}.br`)).toString(), 'x'.repeat(5000));
    const past = new Date(Date.now() - 60_000);
    utimesSync(`${large}.br`, past, past);
    writeFileSync(large, 'y'.repeat(5000));
    compressAssets(dir);
    assert.equal(gunzipSync(readFileSync(`${large}.gz`)).toString(), 'y'.repeat(5000));
    assert.equal(brotliDecompressSync(readFileSync(`${large}.br`)).toString(), 'y'.repeat(5000));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
