import { connect, type Socket } from 'node:net';

/** One HTTP/1.1 response as it came off the wire. */
export interface RawResponse {
  readonly status: number;
  /** Names lowercased; a repeated header's values joined with `, `. */
  readonly headers: Readonly<Record<string, string>>;
  readonly body: Buffer;
}

/** What one connection carried back, and how it ended. */
export interface Exchange {
  /** Whole responses, in order; interim (1xx) ones left out. */
  readonly responses: RawResponse[];
  /** The server closed the connection (or reset it) before the wanted responses were in or the time was up. */
  readonly closedByServer: boolean;
  /** Neither the wanted responses nor a close came within the time. */
  readonly timedOut: boolean;
  /** Bytes after the last whole response. */
  readonly leftover: Buffer;
}

/** What to send: the bytes, or a writer that drives the socket itself (slow, partial or huge senders). */
export type Send = string | Buffer | ((socket: Socket) => Promise<void> | void);

export interface ExchangeOptions {
  /** Whole responses to wait for before closing; `Infinity` waits for the server to close. @default 1 */
  readonly responses?: number;
  /** The requests were HEAD: their responses have no body. @default false */
  readonly head?: boolean;
  /** How long to wait, ms. @default 5000 */
  readonly timeoutMs?: number;
}

const NO_BODY = new Set([204, 304]);

interface Parsed {
  responses: RawResponse[];
  rest: Buffer;
}

/** The chunked body at the start of `buffer` and what follows it, or `undefined` while it is incomplete. */
function dechunk(buffer: Buffer): { body: Buffer; rest: Buffer } | undefined {
  const parts: Buffer[] = [];
  let offset = 0;
  for (;;) {
    const lineEnd = buffer.indexOf('\r\n', offset);
    if (lineEnd < 0) return undefined;
    const size = Number.parseInt(buffer.subarray(offset, lineEnd).toString('latin1'), 16);
    if (size === 0) {
      const end = buffer.indexOf('\r\n\r\n', lineEnd);
      return end < 0 ? undefined : { body: Buffer.concat(parts), rest: buffer.subarray(end + 4) };
    }
    if (buffer.length < lineEnd + 2 + size + 2) return undefined;
    parts.push(buffer.subarray(lineEnd + 2, lineEnd + 2 + size));
    offset = lineEnd + 2 + size + 2;
  }
}

/** The whole responses at the start of `buffer`; `closed`: the connection ended, so a body without a length ends here. */
function parseResponses(buffer: Buffer, head: boolean, closed: boolean): Parsed {
  const responses: RawResponse[] = [];
  let rest = buffer;
  for (;;) {
    const headEnd = rest.indexOf('\r\n\r\n');
    if (headEnd < 0) break;
    const [statusLine = '', ...lines] = rest.subarray(0, headEnd).toString('latin1').split('\r\n');
    const status = Number(statusLine.split(' ')[1]);
    const headers: Record<string, string> = {};
    for (const line of lines) {
      const colon = line.indexOf(':');
      const name = line.slice(0, colon).trim().toLowerCase();
      const value = line.slice(colon + 1).trim();
      headers[name] = headers[name] === undefined ? value : `${headers[name]}, ${value}`;
    }
    const after = rest.subarray(headEnd + 4);
    if (status < 200) {
      rest = after;
      continue;
    }
    if (head || NO_BODY.has(status)) {
      responses.push({ status, headers, body: Buffer.alloc(0) });
      rest = after;
    } else if (/chunked/i.test(headers['transfer-encoding'] ?? '')) {
      const chunked = dechunk(after);
      if (!chunked) break;
      responses.push({ status, headers, body: chunked.body });
      rest = chunked.rest;
    } else if (headers['content-length'] !== undefined) {
      const length = Number(headers['content-length']);
      if (after.length < length) break;
      responses.push({ status, headers, body: after.subarray(0, length) });
      rest = after.subarray(length);
    } else {
      if (!closed) break;
      responses.push({ status, headers, body: after });
      rest = Buffer.alloc(0);
    }
  }
  return { responses, rest };
}

/**
 * Opens a TCP connection to `port` on loopback, sends `send` as it is, and collects the responses until the
 * wanted number is in, the server closes, or the time is up; then closes its side. Write errors (EPIPE, ECONNRESET
 * after the server gave up on the request) are part of the exchange, not failures.
 */
export function exchange(
  port: number,
  send: Send,
  { responses = 1, head = false, timeoutMs = 5000 }: ExchangeOptions = {},
): Promise<Exchange> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const received: Buffer[] = [];
    let settled = false;
    const finish = (closedByServer: boolean, timedOut: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      const parsed = parseResponses(Buffer.concat(received), head, closedByServer);
      resolve({ responses: parsed.responses, closedByServer, timedOut, leftover: parsed.rest });
    };
    const timer = setTimeout(() => finish(false, true), timeoutMs);
    socket.on('data', (chunk: Buffer) => {
      received.push(chunk);
      if (parseResponses(Buffer.concat(received), head, false).responses.length >= responses) finish(false, false);
    });
    socket.on('error', () => {});
    socket.on('close', () => finish(true, false));
    socket.on('connect', () => {
      if (typeof send === 'function') Promise.resolve(send(socket)).catch(() => {});
      else socket.write(send);
    });
  });
}

/** Writes `total` bytes of `byte` in chunks of `chunkBytes`, waiting for the socket to drain; stops when it closes. */
export async function writeBulk(socket: Socket, total: number, { chunked = false, chunkBytes = 1 << 20, byte = 'a' } = {}): Promise<void> {
  const chunk = Buffer.alloc(chunkBytes, byte);
  const frame = chunked ? Buffer.from(`${chunkBytes.toString(16)}\r\n`) : undefined;
  for (let sent = 0; sent < total && !socket.destroyed && socket.writable; sent += chunkBytes) {
    const ok = frame ? socket.write(Buffer.concat([frame, chunk, Buffer.from('\r\n')])) : socket.write(chunk);
    if (!ok) {
      await new Promise<void>((resume) => {
        socket.once('drain', resume);
        socket.once('close', resume);
      });
    }
  }
  if (chunked && socket.writable) socket.write('0\r\n\r\n');
}

/**
 * A caller still sending when it is answered: sends `head` (a request that declares `bodyBytes`), waits for the
 * first bytes of an answer, then sends the body (a whole number of 16 KiB chunks) and `next` on the same connection.
 */
export const sendingPastTheAnswer =
  (head: Buffer, bodyBytes: number, next: Buffer): Send =>
  async (socket) => {
    const answered = new Promise((resolve) => socket.once('data', resolve));
    socket.write(head);
    await answered;
    await writeBulk(socket, bodyBytes, { chunkBytes: 16 * 1024 });
    if (socket.writable) socket.write(next);
  };

/**
 * A request's bytes: request line, headers, blank line, body. `host` comes first unless given (`null` leaves it
 * out), and `content-length` is added for a body unless a length or a transfer coding is given.
 */
export function request(line: string, headers: Record<string, string | number | null> = {}, body: string | Buffer = ''): Buffer {
  const bytes = typeof body === 'string' ? Buffer.from(body) : body;
  const framed = 'content-length' in headers || 'transfer-encoding' in headers || bytes.length === 0;
  const all = { host: '127.0.0.1', ...headers, ...(!framed && { 'content-length': bytes.length }) };
  const lines = Object.entries(all).flatMap(([name, value]) => (value === null ? [] : [`${name}: ${value}\r\n`]));
  return Buffer.concat([Buffer.from(`${line}\r\n${lines.join('')}\r\n`, 'latin1'), bytes]);
}
