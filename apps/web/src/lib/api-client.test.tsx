import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiFetch, setUnauthorizedHandler } from './api-client';
import { ApiError } from './api-error';

function answer(status: number, body: unknown) {
  vi.stubGlobal('fetch', async () => new Response(JSON.stringify(body), { status }));
}

describe('apiFetch', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    setUnauthorizedHandler(undefined);
  });

  it("hands a 401 from the product's API to the unauthorized handler", async () => {
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    answer(401, { message: 'No active session' });
    await expect(apiFetch('/api/auth/profile')).rejects.toMatchObject({
      status: 401,
      message: 'No active session',
    });
    expect(handler).toHaveBeenCalledOnce();
  });

  it("leaves the accounts library's own 401s (wrong password) to the screen", async () => {
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    answer(401, { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' });
    const error = await apiFetch('/api/identity/sign-in/email', { method: 'POST', body: {} }).catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, code: 'INVALID_EMAIL_OR_PASSWORD' });
    expect(handler).not.toHaveBeenCalled();
  });

  it('keeps the field errors of a 400 and names a failure without a message', async () => {
    answer(400, {
      message: 'Invalid request',
      errors: [{ path: 'firstName', msg: 'Required' }, { nope: 1 }],
    });
    await expect(apiFetch('/api/auth/profile', { method: 'PUT', body: {} })).rejects.toMatchObject({
      errors: [{ path: 'firstName', msg: 'Required' }],
    });
    answer(502, 'Bad gateway');
    await expect(apiFetch('/api/services')).rejects.toMatchObject({
      status: 502,
      message: 'Request failed with status 502',
    });
  });
});
