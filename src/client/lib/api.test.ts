import { describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, errorStatus, getJson, getQueryFn, withQuery } from './api';

describe('apiRequest', () => {
  it('sends credentials and a JSON body', async () => {
    const fetchMock = vi.fn(async () => new Response('{}', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    await apiRequest('POST', '/api/leads', { name: 'A' });
    expect(fetchMock).toHaveBeenCalledWith('/api/leads', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"name":"A"}',
      credentials: 'include',
    });
  });

  it('sends no body and no content type without a body', async () => {
    const fetchMock = vi.fn(async () => new Response('{}', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    await apiRequest('DELETE', '/api/favorites/3');
    expect(fetchMock).toHaveBeenCalledWith('/api/favorites/3', { method: 'DELETE', headers: {}, body: undefined, credentials: 'include' });
  });

  it("throws '<status>: <body text>' for a non-ok response", async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('{"error":{"code":"BAD_REQUEST","message":"x"}}', { status: 400, statusText: 'Bad Request' })));
    await expect(apiRequest('GET', '/api/x')).rejects.toThrow('400: {"error":{"code":"BAD_REQUEST","message":"x"}}');
  });

  it("throws '<status>: <statusText>' when the body is empty", async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(null, { status: 503, statusText: 'Service Unavailable' })));
    await expect(apiRequest('GET', '/api/x')).rejects.toThrow(new Error('503: Service Unavailable'));
  });
});

describe('getJson', () => {
  it('returns the parsed body', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('{"a":1}', { status: 200 })));
    await expect(getJson<{ a: number }>('/api/a')).resolves.toEqual({ a: 1 });
  });
});

describe('getQueryFn', () => {
  const ctx = (key: string[]) => ({ queryKey: key, signal: new AbortController().signal }) as never;

  it('returns null on 401 when asked to', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('no', { status: 401, statusText: 'Unauthorized' })));
    await expect(getQueryFn({ on401: 'returnNull' })(ctx(['/api/auth/user']))).resolves.toBeNull();
  });

  it('throws on 401 otherwise, with the spec message', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('Unauthorized', { status: 401 })));
    await expect(getQueryFn({ on401: 'throw' })(ctx(['/api/favorites']))).rejects.toThrow('401: Unauthorized');
  });

  it('joins the query key into the URL and includes credentials', async () => {
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => new Response('{"isFavorite":true}', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(getQueryFn({ on401: 'throw' })(ctx(['/api/favorites', '7', 'check']))).resolves.toEqual({ isFavorite: true });
    expect(fetchMock.mock.calls[0][0]).toBe('/api/favorites/7/check');
    expect(fetchMock.mock.calls[0][1]).toMatchObject({ credentials: 'include' });
  });
});

describe('withQuery', () => {
  it("omits empty and 'all' values", () => {
    expect(withQuery('/api/p', { state: 'TX', careType: 'all', priceRange: '', page: 2, x: undefined })).toBe('/api/p?state=TX&page=2');
    expect(withQuery('/api/p', {})).toBe('/api/p');
  });
});

describe('ApiError', () => {
  it('is parsed once from the API error shape: status, code, the server reason and the named field', async () => {
    const body = '{"error":{"code":"VALIDATION_ERROR","message":"body.phone: Phone must include at least 7 digits"}}';
    vi.stubGlobal('fetch', vi.fn(async () => new Response(body, { status: 400, statusText: 'Bad Request' })));
    const err = await apiRequest('POST', '/api/leads', {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    const apiError = err as ApiError;
    expect(apiError.message).toBe(`400: ${body}`);
    expect(apiError.status).toBe(400);
    expect(apiError.code).toBe('VALIDATION_ERROR');
    expect(apiError.reason).toBe('body.phone: Phone must include at least 7 digits');
    expect(apiError.fieldErrors).toEqual({ phone: 'Phone must include at least 7 digits' });
    expect(errorStatus(apiError)).toBe(400);
  });

  it('has no code, reason or field errors when the body is not the API error shape', () => {
    const err = new ApiError(502, '<html>bad gateway</html>', 'Bad Gateway');
    expect([err.code, err.reason, err.fieldErrors]).toEqual([null, null, {}]);
    expect(errorStatus(new TypeError('Failed to fetch'))).toBeNull();
  });

  it('keeps status and reason when a screen words its message otherwise', () => {
    const err = new ApiError(504, '{"error":{"code":"UNAVAILABLE","message":"Took too long"}}', 'Gateway Timeout').withMessage('Failed to fetch communities');
    expect(err).toBeInstanceOf(ApiError);
    expect([err.message, err.status, err.reason, err.statusText]).toEqual(['Failed to fetch communities', 504, 'Took too long', 'Gateway Timeout']);
  });
});
