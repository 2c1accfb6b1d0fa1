// Browser tests answer the app's requests in place of the server: fetch is stubbed, every call is recorded.
import { vi } from 'vitest';

/** An answer, or 'unreachable': the request never gets one (fetch rejects, as when the network is down). */
export type Answer = { status: number; body: unknown } | 'unreachable';

/** A request the app made, as the test sees it. */
export interface ApiCall {
  method: string;
  path: string;
  /** The query string as sent ('?date=2030-01-07'), and parsed. */
  search: string;
  query: URLSearchParams;
  headers: Headers;
  /** The JSON body, parsed. */
  body: unknown;
  /** A multipart body, as the app built it. */
  form: FormData | undefined;
}

type Handler = (call: ApiCall) => Answer | undefined | Promise<Answer | undefined>;

/**
 * Answers the app's requests by method and path, like the server would: `answer` first (an answer may come later,
 * as a promise), then `fallback`, else 404 'Route not found'. Returns the calls, in order.
 */
export function stubApi(answer: Handler, fallback: (call: ApiCall) => Answer | undefined = () => undefined) {
  const calls: ApiCall[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), window.location.origin);
    const call: ApiCall = {
      method: init?.method ?? 'GET',
      path: url.pathname,
      search: url.search,
      query: url.searchParams,
      headers: new Headers(init?.headers),
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      form: init?.body instanceof FormData ? init.body : undefined,
    };
    calls.push(call);
    const reply = (await answer(call)) ??
      fallback(call) ?? { status: 404, body: { message: 'Route not found' } };
    if (reply === 'unreachable') throw new TypeError('Failed to fetch');
    // A 204 has no body at all (a Response refuses one).
    return new Response(reply.status === 204 ? null : JSON.stringify(reply.body), {
      status: reply.status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  return calls;
}
