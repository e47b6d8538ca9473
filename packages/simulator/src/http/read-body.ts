import { bodyTextDecoder, charsetOf, exceedsJsonDepth, MAX_JSON_DEPTH, notValidIn } from '@journey-bridge/contract';
import type { Context } from 'hono';
import { SimError } from '../sim-error.js';
import type { SimEnv } from './env.js';

/**
 * The body's chunks. Served on a port, they come straight from node:http: a fetch `Request` would wrap them in
 * a web stream, which cost about a third of the simulator's CPU per request. Past the limit, reading stops
 * without destroying the connection, so the 413 still reaches the caller.
 */
function chunksOf(c: Context<SimEnv>): AsyncIterable<Uint8Array> | Iterable<Uint8Array> {
  const incoming = c.env?.incoming;
  // `iterator()` is marked experimental in Node 20 and 22, unchanged since 16.3 (the shim reads bodies the same way).
  if (incoming) return incoming.iterator({ destroyOnReturn: false });
  // A fetch `Request`'s body stream is async-iterable on Node; the DOM typings do not say so.
  return (c.req.raw.body as AsyncIterable<Uint8Array> | null) ?? [];
}

/**
 * The body's bytes, at most `limit` (413), read once per request. Read early for a delayed request, it is
 * checked again against the limit of the endpoint that reads it (smaller for tokens than for journeys).
 */
async function bodyBytes(c: Context<SimEnv>, limit: number): Promise<Buffer> {
  const received = c.get('receivedBody');
  if (received !== undefined) {
    if (received.byteLength > limit) throw tooLarge(limit);
    return received;
  }
  if (Number(c.req.header('content-length')) > limit) throw tooLarge(limit);
  const chunks: Uint8Array[] = [];
  let size = 0;
  const inProcess = c.env?.incoming === undefined;
  try {
    for await (const chunk of chunksOf(c)) {
      size += chunk.byteLength;
      if (size <= limit) chunks.push(chunk);
      // In-process the body is the caller's own, already in its memory: it is read to its end and dropped, not
      // cancelled, since cancelling a FormData body midway crashes Node 24's fetch (undici ≥ 7.20 writes its
      // parts from a promise nothing awaits, nodejs/undici#5835).
      else if (!inProcess) throw tooLarge(limit);
    }
    if (size > limit) throw tooLarge(limit);
  } catch (error) {
    // node:http's "aborted": the caller left before its body was whole, which is not the simulator's failure.
    if ((error as NodeJS.ErrnoException).code === 'ECONNRESET') throw callerLeft();
    throw error;
  }
  const bytes = Buffer.concat(chunks);
  c.set('receivedBody', bytes);
  return bytes;
}

/** The body as UTF-8 text, at most `limit` bytes (413). */
const bodyText = async (c: Context<SimEnv>, limit: number): Promise<string> => (await bodyBytes(c, limit)).toString('utf8');

// No `Connection: close`: @hono/node-server reads and drops the rest of the body once this is answered, where a
// close would reset the connection under a caller still sending, which then never reads the 413.
const tooLarge = (limit: number) =>
  new SimError({ kind: 'PAYLOAD_TOO_LARGE', problem: `the request body exceeds the limit of ${limit} bytes` });

/** Nobody reads this answer; it keeps the journal honest (499, as nginx counts a caller that closed first). */
const callerLeft = () =>
  new SimError({
    kind: 'CLIENT_CLOSED_REQUEST',
    location: 'Request',
    problem: 'the caller closed the connection before its body was whole',
  });

/**
 * Receives the whole body now, so the request no longer needs its connection: a slow server has a request in
 * full before it is slow, and handles it even if the caller gives up meanwhile. A body over `limit` is refused
 * here with the handler's own 413.
 */
export async function receiveWhole(c: Context<SimEnv>, limit: number): Promise<void> {
  await bodyBytes(c, limit);
}

/**
 * Reads a JSON object body: `application/json` only (415), in its declared charset (415 for one unknown), at most `limit` bytes (413), valid JSON (400), an
 * object (400) nested at most `MAX_JSON_DEPTH` levels (400). Problems never quote the body, which may carry identity data.
 */
export async function readJsonBody(c: Context<SimEnv>, limit: number): Promise<Record<string, unknown>> {
  const type = c.req.header('content-type') ?? '';
  if (!/^application\/json\s*(;|$)/i.test(type)) {
    throw new SimError({
      kind: 'UNSUPPORTED_MEDIA_TYPE',
      location: 'Header',
      problem: `Content-Type must be application/json, got ${JSON.stringify(type.slice(0, 100)) || 'nothing'}`,
    });
  }
  // JSON is UTF-8 (RFC 8259), but a caller that declares another charset means it: its bytes are read in it, never
  // silently turned into U+FFFD; a charset nobody can read is refused rather than guessed.
  const charset = charsetOf(type);
  const decode = bodyTextDecoder(charset);
  if (!decode) {
    throw new SimError({
      kind: 'UNSUPPORTED_MEDIA_TYPE',
      location: 'Header',
      problem: `the charset ${JSON.stringify(charset?.slice(0, 40))} of Content-Type is not one the service can read`,
    });
  }
  const text = decode(await bodyBytes(c, limit));
  if (text === undefined) throw new SimError({ kind: 'INVALID_REQUEST', problem: notValidIn(charset) });
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new SimError({ kind: 'INVALID_REQUEST', problem: 'the request body is not valid JSON' });
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new SimError({ kind: 'INVALID_REQUEST', problem: 'the request body must be a JSON object' });
  }
  if (exceedsJsonDepth(body)) {
    throw new SimError({ kind: 'INVALID_REQUEST', problem: `the request body nests deeper than ${MAX_JSON_DEPTH} levels` });
  }
  return body as Record<string, unknown>;
}

/** Reads an `application/x-www-form-urlencoded` body into its parameters, in order, repeats kept. */
export async function readFormBody(c: Context<SimEnv>, limit: number): Promise<URLSearchParams> {
  const type = c.req.header('content-type') ?? '';
  if (!/^application\/x-www-form-urlencoded\s*(;|$)/i.test(type)) {
    throw new SimError({
      kind: 'UNSUPPORTED_MEDIA_TYPE',
      location: 'Header',
      problem: 'Content-Type must be application/x-www-form-urlencoded',
    });
  }
  return new URLSearchParams(await bodyText(c, limit));
}

/** Most fields a hosted page form may carry: a real one has a few dozen, and parsing 100,000 parts took half a second. */
const FORM_FIELD_LIMIT = 1000;

/** How many times `needle` occurs in `bytes`. */
function occurrences(bytes: Buffer, needle: string): number {
  let count = 0;
  for (let at = bytes.indexOf(needle); at !== -1; at = bytes.indexOf(needle, at + needle.length)) count += 1;
  return count;
}

/** The fields a form body holds at most, counted on its bytes before anything parses them. */
function fieldsIn(bytes: Buffer, type: string): number {
  if (/^application\/x-www-form-urlencoded/i.test(type)) return occurrences(bytes, '&') + 1;
  const boundary = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(type);
  const delimiter = boundary?.[1] ?? boundary?.[2];
  // No boundary: nothing to count, and parseBody refuses the body.
  return delimiter ? occurrences(bytes, `--${delimiter}`) - 1 : 0;
}

/** A form's fields as Hono's `parseBody({ all: true })` gives them: text as strings, uploads as `File`s, a repeated field as a list. */
export type FormFields = Readonly<Record<string, string | File | (string | File)[]>>;

/**
 * Reads an HTML form's body, `application/x-www-form-urlencoded` or `multipart/form-data` (415 otherwise), at
 * most `limit` bytes and `FORM_FIELD_LIMIT` fields (413), through Hono's `parseBody`; a body that does not parse
 * as its type says → 400.
 */
export async function readFormFields(c: Context<SimEnv>, limit: number): Promise<FormFields> {
  const type = c.req.header('content-type') ?? '';
  if (!/^(application\/x-www-form-urlencoded|multipart\/form-data)\s*(;|$)/i.test(type)) {
    throw new SimError({
      kind: 'UNSUPPORTED_MEDIA_TYPE',
      location: 'Header',
      problem: 'Content-Type must be application/x-www-form-urlencoded or multipart/form-data',
    });
  }
  const bytes = await bodyBytes(c, limit);
  // Neither Hono nor undici's form parser bounds the number of parts: a body within the byte limit could still
  // hold a hundred thousand, each a parse.
  if (fieldsIn(bytes, type) > FORM_FIELD_LIMIT)
    throw new SimError({ kind: 'PAYLOAD_TOO_LARGE', problem: `the form has more than ${FORM_FIELD_LIMIT} fields` });
  // `parseBody` reads the body through the request's cache: seeded with the bytes read under the limit, it never
  // reads the connection itself (which a delayed request has already drained).
  // A body of its own backing store is handed over as it is; one in Node's shared pool (under 4 KiB) is copied out.
  const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
  c.req.bodyCache.arrayBuffer = whole ? (bytes.buffer as ArrayBuffer) : new Uint8Array(bytes).buffer;
  try {
    // `all`: a field sent twice comes back as a list, which the page refuses, instead of one copy winning unseen.
    return await c.req.parseBody({ all: true });
  } catch {
    throw new SimError({ kind: 'INVALID_REQUEST', problem: `the request body is not valid ${type.split(';')[0]?.trim().toLowerCase()}` });
  }
}
