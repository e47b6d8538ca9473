import type { Context } from 'hono';
import { SimError } from '../sim-error.js';

async function readLimited(request: Request, limit: number): Promise<string> {
  const declared = Number(request.headers.get('content-length'));
  if (declared > limit) throw tooLarge(limit);
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw tooLarge(limit);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

const tooLarge = (limit: number) =>
  new SimError({ kind: 'PAYLOAD_TOO_LARGE', problem: `the request body exceeds the limit of ${limit} bytes` });

/**
 * Receives the whole body now and puts it back as text, so the request no longer needs its connection: a slow
 * server has a request in full before it is slow, and handles it even if the caller gives up meanwhile. A body
 * over `limit` is refused here with the handler's own 413.
 */
export async function receiveWhole(c: Context, limit: number): Promise<void> {
  const { raw } = c.req;
  if (!raw.body) return;
  const text = await readLimited(raw, limit);
  c.req.raw = new Request(raw.url, { method: raw.method, headers: raw.headers, body: text });
}

/**
 * Reads a JSON object body: `application/json` only (415), at most `limit` bytes (413), valid JSON (400), an
 * object (400). Problems never quote the body, which may carry identity data.
 */
export async function readJsonBody(c: Context, limit: number): Promise<Record<string, unknown>> {
  const type = c.req.header('content-type') ?? '';
  if (!/^application\/json\s*(;|$)/i.test(type)) {
    throw new SimError({
      kind: 'UNSUPPORTED_MEDIA_TYPE',
      location: 'Header',
      problem: `Content-Type must be application/json, got ${JSON.stringify(type.slice(0, 100)) || 'nothing'}`,
    });
  }
  const text = await readLimited(c.req.raw, limit);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new SimError({ kind: 'INVALID_REQUEST', problem: 'the request body is not valid JSON' });
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new SimError({ kind: 'INVALID_REQUEST', problem: 'the request body must be a JSON object' });
  }
  return body as Record<string, unknown>;
}

/** Reads an `application/x-www-form-urlencoded` body into an object of its fields. */
export async function readFormBody(c: Context, limit: number): Promise<Record<string, string>> {
  const type = c.req.header('content-type') ?? '';
  if (!/^application\/x-www-form-urlencoded\s*(;|$)/i.test(type)) {
    throw new SimError({
      kind: 'UNSUPPORTED_MEDIA_TYPE',
      location: 'Header',
      problem: 'Content-Type must be application/x-www-form-urlencoded',
    });
  }
  return Object.fromEntries(new URLSearchParams(await readLimited(c.req.raw, limit)));
}
