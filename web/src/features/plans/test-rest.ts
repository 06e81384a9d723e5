import { jest } from '@jest/globals';
import { json } from '../ride-page/test-ride-page';

/** A REST call the screen made: its method, address and body (parsed JSON, or the FormData). */
export interface RestCall {
  method: string;
  url: URL;
  body: unknown;
}

export interface Answer {
  status: number;
  body: unknown;
}
export const answer = (body: unknown, status = 200): Answer => ({ status, body });

/**
 * A fetch answering "METHOD /path" from a table (404 `{ message }` for the rest), recording every
 * call; installed as the global fetch until `restore`.
 */
export const fakeRest = (routes: Record<string, (call: RestCall) => Answer | Promise<Answer>>) => {
  const calls: RestCall[] = [];
  const real = globalThis.fetch;
  globalThis.fetch = jest.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const raw = init?.body;
    const body = typeof raw === 'string' ? (JSON.parse(raw) as unknown) : raw;
    const call = { method, url, body };
    calls.push(call);
    const handler = routes[`${method} ${url.pathname}`];
    const { status, body: answered } = handler ? await handler(call) : answer({ message: 'not found' }, 404);
    return json(status, answered);
  }) as unknown as typeof globalThis.fetch;
  return { calls, restore: () => (globalThis.fetch = real) };
};
