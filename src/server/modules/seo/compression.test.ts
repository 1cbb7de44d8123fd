// Compression (issue 14): precompressed static files and compressed API answers decode to the same
// bytes as the plain answers; already-gzipped answers are not compressed twice; cache headers.
import { makeClientDir } from '../../test/client-dir';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDir } from '../../../../scripts/precompress';
import { buildApp } from '../../app';
import { createTestDatabase, testEnv, type TestDatabase } from '../../test/db';
import type { App } from '../../types';

let tdb: TestDatabase;
let app: App;
let clientDir: string;
let removeClientDir: () => void;
const bigScript = `export const rows = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => ({ i, label: `row ${i}` })))};\n`;

const decode = (encoding: string | undefined, body: Buffer): Buffer =>
  encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body;

beforeAll(async () => {
  tdb = await createTestDatabase();
  ({ dir: clientDir, remove: removeClientDir } = makeClientDir({
    'index.html': `<!doctype html><html><head><title>t</title></head><body><div id="root"></div>${' '.repeat(10)}</body></html>`,
    'assets/index-Ab12Cd.js': bigScript,
    'assets/tiny-Ab12Cd.js': 'export{}',
  }));
  await precompressDir(clientDir);
  app = await buildApp({ pool: tdb.pool, db: tdb.db, env: testEnv({ CLIENT_DIST_DIR: clientDir }), serveClient: true });
  await app.ready();
  const values = Array.from({ length: 30 }, (_, i) => `('Compress Manor ${i}', 'Austin', 'TX', '78701', 'cz${i}', ${30.2 + i / 100}, -97.7)`).join(',');
  await tdb.pool.query(`INSERT INTO communities (name, city, state, zip_code, source_id, lat, lng) VALUES ${values}`);
});
afterAll(async () => {
  await app.close();
  await tdb.drop();
  removeClientDir();
});

describe('precompressed static assets', () => {
  it('the build step writes .br and .gz copies of files over 1 kB only', async () => {
    const { existsSync } = await import('node:fs');
    expect(existsSync(path.join(clientDir, 'assets', 'index-Ab12Cd.js.br'))).toBe(true);
    expect(existsSync(path.join(clientDir, 'assets', 'index-Ab12Cd.js.gz'))).toBe(true);
    expect(existsSync(path.join(clientDir, 'assets', 'tiny-Ab12Cd.js.br'))).toBe(false);
  });

  it.each(['br', 'gzip'])('serves the %s file, which decodes to the same bytes, immutable-cached', async (encoding) => {
    const res = await app.inject({ method: 'GET', url: '/assets/index-Ab12Cd.js', headers: { 'accept-encoding': encoding } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(String(res.headers['content-type'])).toMatch(/javascript/);
    expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.rawPayload.length).toBeLessThan(Buffer.byteLength(bigScript));
    expect(decode(encoding, res.rawPayload).toString()).toBe(bigScript);
  });

  it('sends the plain file to a client that accepts no encoding', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/index-Ab12Cd.js', headers: { 'accept-encoding': 'identity' } });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(bigScript);
  });

  it('index.html is revalidated on every visit (no-cache), whichever way it is reached', async () => {
    for (const url of ['/', '/index.html', '/about']) {
      const res = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
  });
});

describe('compressed API answers', () => {
  const url = '/api/communities/search?location=TX&pageSize=30';

  it.each(['br', 'gzip'])('JSON over 1 kB is %s-compressed and decodes to the plain answer', async (encoding) => {
    const plain = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    const packed = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': encoding } });
    expect(packed.statusCode).toBe(200);
    expect(packed.headers['content-encoding']).toBe(encoding);
    expect(packed.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(decode(encoding, packed.rawPayload).equals(plain.rawPayload)).toBe(true);
  });

  it('small answers (under the 1 kB threshold) are sent as they are', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health/live', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(() => JSON.parse(res.body)).not.toThrow();
  });

  it('the pre-gzipped map points are not compressed a second time', async () => {
    const plain = await app.inject({ method: 'GET', url: '/api/communities/search/points?location=TX', headers: { 'accept-encoding': 'identity' } });
    const res = await app.inject({ method: 'GET', url: '/api/communities/search/points?location=TX', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.headers['content-encoding']).toBe('gzip');
    const once = gunzipSync(res.rawPayload);
    expect(once.equals(plain.rawPayload)).toBe(true);
    expect((JSON.parse(once.toString()) as { points: unknown[] }).points).toHaveLength(30);
  });
});
