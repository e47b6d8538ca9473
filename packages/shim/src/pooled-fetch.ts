import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';

/** Options of `createPooledFetch`. */
export interface PooledFetchOptions {
  /** Most connections open to one upstream host. @default 256 */
  maxSockets?: number;
  /** Idle keep-alive connections kept per host. @default 64 */
  maxFreeSockets?: number;
}

/** Statuses whose responses have no body: `new Response` refuses one for them. */
const NULL_BODY = new Set([101, 204, 205, 304]);

function responseOf(message: IncomingMessage, body: Buffer): Response {
  const headers = new Headers();
  for (const [name, value] of Object.entries(message.headers)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  const status = message.statusCode ?? 502;
  return new Response(NULL_BODY.has(status) ? null : (body as Uint8Array<ArrayBuffer>), {
    status,
    statusText: message.statusMessage ?? '',
    headers,
  });
}

/**
 * A `fetch` over node:http(s) with keep-alive connection pools, for the shim's upstream calls. Node 20's built-in
 * fetch spends most of a loopback request in its own machinery: against the simulator, 50 concurrent callers
 * measured about 3× the throughput through this one (see docs/shim.md). Bodies are buffered, which the shim's
 * body limit bounds; `signal` aborts the request.
 */
export function createPooledFetch({ maxSockets = 256, maxFreeSockets = 64 }: PooledFetchOptions = {}): typeof globalThis.fetch {
  const agents = {
    'http:': new HttpAgent({ keepAlive: true, maxSockets, maxFreeSockets }),
    'https:': new HttpsAgent({ keepAlive: true, maxSockets, maxFreeSockets }),
  };
  return async (input, init) => {
    const request = input instanceof Request && init === undefined ? input : new Request(input, init);
    const url = new URL(request.url);
    const protocol = url.protocol === 'https:' ? 'https:' : url.protocol === 'http:' ? 'http:' : undefined;
    if (!protocol) throw new TypeError(`fetch failed: unsupported protocol ${url.protocol}`);
    request.signal.throwIfAborted();
    const payload = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
    const headers: Record<string, string> = Object.fromEntries(request.headers);
    if (payload) headers['content-length'] = String(payload.byteLength);
    const send = protocol === 'https:' ? httpsRequest : httpRequest;
    const attempt = (retried: boolean) =>
      new Promise<Response>((resolve, reject) => {
        const outgoing = send(url, { method: request.method, headers, agent: agents[protocol] }, (message) => {
          const chunks: Buffer[] = [];
          message.on('data', (chunk: Buffer) => chunks.push(chunk));
          message.on('end', () => resolve(responseOf(message, Buffer.concat(chunks))));
          message.on('error', (error) => reject(new TypeError('fetch failed', { cause: error })));
        });
        const abort = () => outgoing.destroy(request.signal.reason instanceof Error ? request.signal.reason : new Error('aborted'));
        request.signal.addEventListener('abort', abort, { once: true });
        outgoing.on('close', () => request.signal.removeEventListener('abort', abort));
        outgoing.on('error', (error: NodeJS.ErrnoException) => {
          if (request.signal.aborted) return reject(request.signal.reason);
          // A kept-alive socket the upstream closed while it sat idle fails before the request is read: send
          // it once more on a fresh connection (the race Node's docs describe for `reusedSocket`).
          const stale = outgoing.reusedSocket && (error.code === 'ECONNRESET' || error.code === 'EPIPE');
          if (stale && !retried) return resolve(attempt(true));
          reject(new TypeError('fetch failed', { cause: error }));
        });
        outgoing.end(payload);
      });
    return attempt(false);
  };
}
