import { describe, expect, it, vi } from 'vitest';
import { ApiError, api, apiRequest, isUnauthorizedError } from './api-client.js';

function stubFetch(response: Response) {
  const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(response);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the request to fail');
}

describe('api-client error messages (PRODUCT §8)', () => {
  it('takes the message from a JSON body that has one, with its field errors', async () => {
    stubFetch(
      new Response(
        JSON.stringify({
          message: 'Invalid email or password',
          errors: [{ path: 'email', message: 'Bad email' }],
        }),
        { status: 401, statusText: 'Unauthorized', headers: { 'Content-Type': 'application/json' } },
      ),
    );
    const error = await failure(api.post('/api/login', { email: 'a@b.co', password: 'x' }));
    expect(error.status).toBe(401);
    expect(error.message).toBe('Invalid email or password');
    expect(error.fieldErrors).toEqual([{ path: 'email', message: 'Bad email' }]);
  });

  it('keeps Retry-After, so a screen can say when to come back', async () => {
    stubFetch(
      new Response(JSON.stringify({ message: 'This item is in early access for Premium members' }), {
        status: 403,
        headers: { 'Content-Type': 'application/json', 'Retry-After': '1800' },
      }),
    );
    const error = await failure(api.get('/api/items/9'));
    expect(error.status).toBe(403);
    expect(error.retryAfterSeconds).toBe(1800);
  });

  it('uses the raw body text when the body is not JSON', async () => {
    stubFetch(
      new Response('The referral code has already been used', { status: 400, statusText: 'Bad Request' }),
    );
    const error = await failure(api.post('/api/referral/apply', { referralCode: 'ABC123' }));
    expect(error.message).toBe('The referral code has already been used');
  });

  it('uses the raw body text when JSON has no message field', async () => {
    stubFetch(new Response('{"error":"nope"}', { status: 500, statusText: 'Internal Server Error' }));
    const error = await failure(api.get('/api/items'));
    expect(error.message).toBe('{"error":"nope"}');
  });

  it('falls back to the HTTP status text when the body is empty', async () => {
    stubFetch(new Response(null, { status: 503, statusText: 'Service Unavailable' }));
    const error = await failure(api.get('/api/items'));
    expect(error.status).toBe(503);
    expect(error.message).toBe('Service Unavailable');
    expect(error.fieldErrors).toEqual([]);
  });

  it('turns a network failure into an ApiError with status 0', async () => {
    vi.stubGlobal('fetch', vi.fn<typeof fetch>().mockRejectedValue(new TypeError('Failed to fetch')));
    const error = await failure(api.get('/api/user'));
    expect(error.status).toBe(0);
    expect(error.message).toMatch(/could not reach/i);
  });
});

describe('api-client requests (PRODUCT §7)', () => {
  it('sends cookies and a JSON body with a JSON content type', async () => {
    const fetchMock = stubFetch(new Response('{"id":1}', { status: 201 }));
    await api.post('/api/register', { email: 'a@b.co' });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/register');
    expect(init?.method).toBe('POST');
    expect(init?.credentials).toBe('include');
    expect(init?.body).toBe('{"email":"a@b.co"}');
    expect((init?.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it('leaves empty query parameters out', async () => {
    const fetchMock = stubFetch(new Response('[]', { status: 200 }));
    await api.get('/api/items', { query: { search: 'lego', category: '', limit: 12, condition: undefined } });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/items?search=lego&limit=12');
  });

  it("parses a JSON body and answers a body that is not JSON (a proxy's error page) with a clear error", async () => {
    stubFetch(new Response('{"id":7}', { status: 200 }));
    await expect(apiRequest('/api/x')).resolves.toEqual({ id: 7 });
    stubFetch(new Response('<html>Gateway login</html>', { status: 200 }));
    const error = await failure(apiRequest('/api/x'));
    expect(error.message).toBe('The server sent an unexpected response. Please try again.');
  });

  it('hands back the response headers with the parsed body when asked', async () => {
    stubFetch(new Response('[{"id":1}]', { status: 200, headers: { 'x-next-cursor': 'abc' } }));
    const { data, headers } = await api.getWithHeaders('/api/items', {
      query: { limit: 24 },
    });
    expect(data).toEqual([{ id: 1 }]);
    expect(headers.get('x-next-cursor')).toBe('abc');
  });

  it('answers undefined for an empty successful body', async () => {
    stubFetch(new Response(null, { status: 204 }));
    await expect(api.delete('/api/items/1')).resolves.toBeUndefined();
  });
});

describe('isUnauthorizedError (PRODUCT §8)', () => {
  it('matches "unauthorized" in any case, and any 401', () => {
    expect(isUnauthorizedError(new Error('Unauthorized'))).toBe(true);
    expect(isUnauthorizedError(new ApiError(403, 'UNAUTHORIZED access'))).toBe(true);
    expect(isUnauthorizedError(new ApiError(401, 'Authentication required'))).toBe(true);
    expect(isUnauthorizedError(new ApiError(403, 'Premium subscription required'))).toBe(false);
    expect(isUnauthorizedError('nope')).toBe(false);
  });
});
