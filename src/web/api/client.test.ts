// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '#shared/messages.ts';
import { api, ApiError, errorMessage, setUnauthorizedHandler } from './client.ts';

const json = (status: number, body?: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  vi.useFakeTimers();
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  window.history.replaceState(null, '', '/perfil');
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  setUnauthorizedHandler(undefined);
});

describe('the HTTP client', () => {
  it('sends cookies and JSON to the API base and answers the body of a 2xx', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { ok: true }));
    await expect(api.post('/auth/login', { email: 'a@b.pt' }, { query: { page: 2, q: undefined } })).resolves.toEqual({ ok: true });
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/auth/login?page=2');
    expect(init).toMatchObject({ method: 'POST', credentials: 'include', body: '{"email":"a@b.pt"}' });
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
    expect(init.signal).toBeInstanceOf(AbortSignal);
  });

  it('retries a network failure after 1, 2 and 4 seconds, then gives the connection message', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const result = api.get('/product').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(2000);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(4000);
    expect(fetchMock).toHaveBeenCalledTimes(4);
    const error = (await result) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(0);
    expect(error.message).toBe(messages.connection);
  });

  it('retries a 502 three times, then gives the unavailable message', async () => {
    fetchMock.mockImplementation(async () => json(502, { error: 'Bad Gateway' }));
    const result = api.get('/product').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(7000);
    expect(fetchMock).toHaveBeenCalledTimes(4);
    const error = (await result) as ApiError;
    expect(error.status).toBe(502);
    expect(error.message).toBe(messages.unavailable);
  });

  it('recovers when a retry succeeds', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('offline')).mockResolvedValueOnce(json(200, { rows: [] }));
    const result = api.get('/product');
    await vi.advanceTimersByTimeAsync(1000);
    await expect(result).resolves.toEqual({ rows: [] });
  });

  it('gives the too-many-requests message on a 429, without retrying', async () => {
    fetchMock.mockResolvedValueOnce(json(429, { message: 'Rate limit exceeded' }));
    const error = (await api.post('/auth/login', {}).catch((e: unknown) => e)) as ApiError;
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(error.status).toBe(429);
    expect(error.message).toBe(messages.tooManyRequests);
  });

  it("gives the shop's own pt-PT message on a 429 of the shop's (a checkout's limit says which)", async () => {
    const own = 'Foram feitas demasiadas encomendas em pouco tempo com este email ou a partir desta ligação.';
    fetchMock.mockResolvedValueOnce(json(429, { message: own, error: own, code: 'TOO_MANY_ORDERS' }));
    const error = (await api.post('/order', {}).catch((e: unknown) => e)) as ApiError;
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(error).toMatchObject({ status: 429, message: own, code: 'TOO_MANY_ORDERS' });
  });

  it('takes the answer error, then its message, then the generic text, keeping status and data', async () => {
    fetchMock
      .mockResolvedValueOnce(json(409, { error: 'Já existe uma conta com este email.', message: 'outro', code: 'CONFLICT', fields: { email: 'x' } }))
      .mockResolvedValueOnce(json(400, { message: 'Só a mensagem' }))
      .mockResolvedValueOnce(json(500));
    const first = (await api.post('/auth/register', {}).catch((e: unknown) => e)) as ApiError;
    expect(first).toMatchObject({ message: 'Já existe uma conta com este email.', status: 409, code: 'CONFLICT', fields: { email: 'x' } });
    expect(first.data).toMatchObject({ message: 'outro' });
    const second = (await api.post('/x', {}).catch((e: unknown) => e)) as ApiError;
    expect(second.message).toBe('Só a mensagem');
    const third = (await api.get('/x').catch((e: unknown) => e)) as ApiError;
    expect(third).toMatchObject({ message: messages.unexpected, status: 500 });
    expect(errorMessage(third, 'Erro ao carregar produtos.')).toBe('Erro ao carregar produtos.');
    expect(errorMessage(second, 'fallback')).toBe('Só a mensagem');
  });

  it('hands a 401 to the app unless on /login or asked not to, and fails when the user does not sign in again', async () => {
    const ended = vi.fn(async () => false);
    setUnauthorizedHandler(ended);
    fetchMock.mockImplementation(async () => json(401, { error: 'Tem de iniciar sessão para continuar.' }));
    const refused = (await api.get('/order/myorders').catch((e: unknown) => e)) as ApiError;
    expect(refused).toMatchObject({ status: 401, message: 'Tem de iniciar sessão para continuar.' });
    expect(ended).toHaveBeenCalledTimes(1);
    await api.get('/user/profile', { handleUnauthorized: false }).catch(() => {});
    expect(ended).toHaveBeenCalledTimes(1);
    window.history.replaceState(null, '', '/login');
    await api.post('/auth/login', {}).catch(() => {});
    expect(ended).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('sends the request again, body and all, once the user has signed in again', async () => {
    let signIn: (done: boolean) => void = () => {};
    const renewed = vi.fn(() => new Promise<boolean>((resolve) => (signIn = resolve)));
    setUnauthorizedHandler(renewed);
    fetchMock.mockResolvedValueOnce(json(401, { error: 'Sem sessão iniciada.' })).mockResolvedValueOnce(json(200, { id: 7, name: 'Caneca' }));
    const saved = api.put('/product/7', { name: 'Caneca' });
    await vi.advanceTimersByTimeAsync(0);
    expect(renewed).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    signIn(true);
    await expect(saved).resolves.toEqual({ id: 7, name: 'Caneca' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect((fetchMock.mock.calls[1] as [string, RequestInit])[1]).toMatchObject({ method: 'PUT', body: '{"name":"Caneca"}' });
  });

  it('gives up after 30 seconds without retrying', async () => {
    fetchMock.mockImplementation(
      (_url: string, init: RequestInit) =>
        new Promise((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('timeout', 'TimeoutError')))),
    );
    const result = api.get('/product').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(30_000);
    const error = (await result) as ApiError;
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(error.message).toBe(messages.connection);
  });
});
