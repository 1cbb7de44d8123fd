import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/db';

const t = useTestApp();

describe('GET /media/communities/:id/:n.svg', () => {
  it('returns a self-contained SVG illustration with long cache headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/media/communities/42/1.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.headers['cache-control']).toContain('max-age=31536000');
    expect(res.body.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(res.body).toContain('</svg>');
    // No external references: the only URL is the SVG namespace; fills reference local ids only.
    expect(res.body.replace('http://www.w3.org/2000/svg', '')).not.toMatch(/https?:|href=|<image|<script/i);
  });

  it('is deterministic per id and photo number, and varies between them', async () => {
    const get = async (url: string) => (await t.app.inject({ method: 'GET', url })).body;
    const a = await get('/media/communities/7/2.svg');
    expect(await get('/media/communities/7/2.svg')).toBe(a);
    expect(await get('/media/communities/7/3.svg')).not.toBe(a);
    expect(await get('/media/communities/8/2.svg')).not.toBe(a);
  });

  it('answers a matching If-None-Match with 304', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/media/communities/5/1.svg' });
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await t.app.inject({ method: 'GET', url: '/media/communities/5/1.svg', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
  });

  it.each([
    ['/media/communities/abc/1.svg', 400],
    ['/media/communities/0/1.svg', 400],
    ['/media/communities/-3/1.svg', 400],
    ['/media/communities/5/1.png', 400],
    ['/media/communities/5/x.svg', 400],
    ['/media/communities/5/0.svg', 404],
    ['/media/communities/5/99.svg', 404],
    ['/media/communities/9999999999/1.svg', 404],
    ['/media/communities/99999999999/1.svg', 400],
  ])('rejects %s with a JSON %i', async (url, status) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(status);
    const body = res.json() as { error: { code: string; message: string } };
    expect(typeof body.error.code).toBe('string');
    expect(typeof body.error.message).toBe('string');
  });
});
