import { PLATFORM } from './config.js';

/** A journey API call the platform refused: its HTTP status, its error identifier and its message. */
export class JourneyError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export async function fetchWithTimeout(url: string, init: RequestInit, timeoutMs: number = PLATFORM.timeoutMs): Promise<Response> {
  return fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
}

/** POSTs `body` to the journey endpoint `path` (what follows the journey base: `task/list`) and answers its JSON. */
export async function post<T>(path: string, token: string, body: unknown): Promise<T> {
  const response = await fetchWithTimeout(PLATFORM.journeyBase + path, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) {
    const problem = (await response.json()) as { status?: number; message?: string; error?: string };
    throw new JourneyError(response.status, problem.error ?? 'unknown-error', problem.message ?? `HTTP ${response.status}`);
  }
  return (await response.json()) as T;
}
