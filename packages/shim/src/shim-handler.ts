import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { createV1HttpHandler, isV1Path, type SaveStore, type V1ServerRequest } from '@journey-bridge/adapter';
import { createDispatcher, createFetch } from '@journey-bridge/client';
import { TOKEN_PATHS, V2_BASE_PATH, V2_PATHS } from '@journey-bridge/contract';
import { createMemoryStore, type PairingStore } from '@journey-bridge/cutover';
import type { Logger } from 'pino';
import type { ShimConfig } from './config.js';
import { createShimCutover, killRoute, type ShimCutover } from './cutover-wiring.js';
import { notFoundAnswer, nothingSentAnswer, tokenFailureAnswer, v2Error, v2FailureAnswer } from './failure-answers.js';
import { ShimMetrics } from './metrics.js';
import { type PassThroughLimits, type PassThroughRequest, passThrough } from './proxy.js';
import { createUpstreamApis, upstreamBase } from './upstream-apis.js';

/** The specification's four journey endpoints, whose 2xx answers are JSON objects: a pass-through checks them. */
const JSON_ANSWERS = [V2_PATHS.start, V2_PATHS.interactionFetch, V2_PATHS.interactionSubmit, V2_PATHS.stateFetch];

/**
 * The node:http request and response a fetch-style request arrived on, as `@hono/node-server` passes them. Named here
 * so that the public declarations need neither that package's nor the DOM's types.
 */
export interface NodeBindings {
  readonly incoming: IncomingMessage;
  readonly outgoing: ServerResponse;
}

/** Options of `createShimHandler`. */
export interface ShimHandlerOptions {
  config: ShimConfig;
  /** Structured logger; one line per request, never headers or bodies. */
  logger: Logger;
  /**
   * A fetch to reach the upstream with instead of undici (tests route it to in-process simulators).
   * @default its own undici keep-alive pool (`createDispatcher()`), closed with the handler
   */
  fetch?: typeof globalThis.fetch;
  /** The cutover's pairing store (see `openPairingStore`), when `config.cutover` is set. @default in memory */
  store?: PairingStore;
  /** The adapter's save store shared by the replicas (see `openSaveStore`), closed with the handler. @default the adapter's, in memory */
  saveStore?: SaveStore & { close(): Promise<void> };
}

const VALID_REQUEST_ID = /^[\w.:@-]{1,128}$/;
const malformedAnswer = () =>
  json(400, {
    status: 400,
    message: 'the request target must be a path, without user information, and the Host a host name',
    error: 'bad-request-error',
  });
const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

/**
 * The upstream address of a v2 path: the part after `/v2/captain/` appended to the upstream base. A rest that
 * could leave the base (`//other.host/…`, `..`, backslashes) gets no target: the caller's token must never be
 * carried anywhere but the configured upstream.
 */
export function v2Target(base: URL, url: URL): URL | undefined {
  const rest = url.pathname.slice(url.pathname.indexOf(V2_BASE_PATH) + V2_BASE_PATH.length);
  const unsafe =
    rest.startsWith('/') || /\\|%2f|%5c|%2e/i.test(rest) || rest.split('/').some((segment) => segment === '..' || segment === '.');
  if (unsafe) return undefined;
  const target = new URL(base.href);
  target.pathname = `${base.pathname}${rest}`;
  target.search = url.search;
  return target.origin === base.origin && target.pathname.startsWith(base.pathname) ? target : undefined;
}

/**
 * One abort signal per open connection, not per request: it fires when the caller's connection closes, or when the
 * shim stops waiting at the end of its shutdown grace. On Node 20 an `AbortSignal` outlives young-generation GCs
 * (about 500 bytes promoted per signal, measured), so one per request made most of the shim's full GCs. A request
 * can only lose its caller with its connection.
 */
class ConnectionSignals {
  readonly #controllers = new Map<Socket, AbortController>();

  of(socket: Socket): AbortSignal {
    let controller = this.#controllers.get(socket);
    if (!controller) {
      const created = new AbortController();
      socket.once('close', () => {
        this.#controllers.delete(socket);
        created.abort();
      });
      this.#controllers.set(socket, created);
      controller = created;
    }
    return controller.signal;
  }

  /** Fires every open connection's signal with `reason`. */
  abortAll(reason: Error): void {
    for (const controller of this.#controllers.values()) controller.abort(reason);
  }
}

/**
 * A v1 request as node:http holds it: the body read as the socket's own chunks, not through a web stream, and
 * `signal`, its connection's. Past the body limit the handler stops reading: the server drops the rest once the 413 is out.
 */
function serverRequestOf(request: Request, { incoming }: NodeBindings, signal: AbortSignal): V1ServerRequest {
  return {
    method: request.method,
    url: request.url,
    // Read from node:http's own parse; `request.headers` would build a Headers object for a handful of lookups.
    headers: { get: (name) => incoming.headersDistinct[name]?.join(', ') ?? null },
    // `iterator()` is marked experimental in Node 20 and 22, unchanged since 16.3; the plain async iterator
    // would destroy the socket when the handler stops reading at the body limit.
    chunks: incoming.iterator({ destroyOnReturn: false }),
    signal,
  };
}

type Route = 'v1' | 'v2' | 'token' | 'healthz' | 'readyz' | 'metrics' | 'kill' | 'unknown' | 'malformed';

/**
 * The request's URL, or `undefined` when its target carries user information (`http://user:pass@host/…`): a
 * client mistake, never something to forward.
 */
function targetOf(request: Request): URL | undefined {
  const url = URL.parse(request.url);
  return url && url.username === '' && url.password === '' ? url : undefined;
}

/** The token endpoint a path ends with, forwarded to the same path on the token origin. */
const tokenPathOf = (pathname: string): string | undefined => Object.values(TOKEN_PATHS).find((path) => pathname.endsWith(path));

/** The token endpoint's address on `origin`, with the caller's query string as it came. */
function tokenTarget(origin: string, url: URL): URL {
  const target = new URL(tokenPathOf(url.pathname) as string, origin);
  target.search = url.search;
  return target;
}

/** Probes read operational endpoints with HEAD as often as with GET (load balancers do). */
const readsLikeGet = (method: string): boolean => method === 'GET' || method === 'HEAD';

function routeOf(method: string, pathname: string): Route {
  if (readsLikeGet(method) && pathname === '/healthz') return 'healthz';
  if (readsLikeGet(method) && pathname === '/readyz') return 'readyz';
  if (readsLikeGet(method) && pathname === '/metrics') return 'metrics';
  if (pathname === '/cutover/kill') return 'kill';
  if (isV1Path(pathname)) return 'v1';
  if (pathname.includes(V2_BASE_PATH)) return 'v2';
  if (tokenPathOf(pathname)) return 'token';
  return 'unknown';
}

/**
 * The shim as one fetch-style handler: v1 paths through the adapter (with the caller's token), v2 and token
 * paths passed to the upstream unchanged, health, readiness and metrics. Holds no state about journeys, so any
 * number of replicas can stand behind one load balancer.
 */
export function createShimHandler({ config, logger, fetch, store, saveStore }: ShimHandlerOptions) {
  const base = upstreamBase(config.upstream);
  const metrics = new ShimMetrics({ v2Base: base });
  // Over the pool itself, the client's first attempt of each call makes neither a web Response nor an AbortSignal,
  // which on Node 20 outlive young-generation GCs and so lengthen the shim's tail latency (bench/notes/shim.md).
  const pool = fetch ? undefined : createDispatcher({ maxResponseBytes: config.responseLimitBytes });
  const dispatcher = pool?.compose(metrics.upstreamTimer());
  const upstreamFetch = fetch ? metrics.instrument(fetch) : createFetch(dispatcher);
  // What the clients send through: the pool when the shim has its own, else the fetch it was given.
  const upstream = dispatcher ? { dispatcher } : { fetch: upstreamFetch };
  const authOrigin = config.authUrl ? new URL(config.authUrl).origin : base.origin;
  const { adapter, v1 } = createUpstreamApis(config, upstream, { logger, saveStore });
  const shimCutover =
    config.cutover &&
    v1 &&
    createShimCutover(
      { ...config, cutover: config.cutover },
      {
        sides: { v1, adapter },
        // The shadow's calls run on a thread of their own, on a pool of its own; a fetch given to the shim cannot go there.
        shadowThread: pool !== undefined,
        store: store ?? createMemoryStore(),
        fetch: upstreamFetch,
        registry: metrics.registry,
        logger,
      },
    );
  const { cutover }: Partial<ShimCutover> = shimCutover ?? {};
  // With a cutover, v1 paths go through it: each journey on its stage's side, a sample mirrored on the other.
  const handleV1 = createV1HttpHandler({
    adapter: cutover ?? adapter,
    bodyLimitBytes: config.bodyLimitBytes,
    bufferLimitBytes: config.bufferLimitBytes,
    logger: { error: (message, fields) => logger.error(fields, message) },
  });

  const limits: PassThroughLimits = {
    requestBytes: config.bodyLimitBytes,
    responseBytes: config.responseLimitBytes,
    timeoutMs: config.timeoutMs,
  };

  async function ready(): Promise<boolean> {
    try {
      const answer = await upstreamFetch(base, { method: 'GET', signal: AbortSignal.timeout(2000) });
      await answer.body?.cancel();
      return true; // any answer at all means the upstream is reachable
    } catch {
      return false;
    }
  }

  const connections = new ConnectionSignals();
  /** The last request each connection has carried: only its answer may close the connection while stopping. */
  const latestOn = new WeakMap<object, object>();
  let stopping = false;
  let waitingStopped = false;

  /** A pass-through request: the body as node:http holds it when served on a port, else the fetch body. */
  const passThroughRequest = (request: Request, requestId: string, server: NodeBindings | undefined): PassThroughRequest =>
    server
      ? { request, requestId, signal: connections.of(server.incoming.socket), chunks: server.incoming.iterator({ destroyOnReturn: false }) }
      : { request, requestId, signal: request.signal };

  async function dispatch(
    route: Route,
    request: Request,
    url: URL,
    requestId: string,
    server: NodeBindings | undefined,
  ): Promise<Response> {
    switch (route) {
      case 'healthz':
        return json(200, { status: 'ok' });
      case 'readyz':
        return (await ready())
          ? json(200, { status: 'ready', upstream: base.origin })
          : json(503, { status: 'upstream unreachable', upstream: base.origin });
      case 'metrics':
        return new Response(await metrics.registry.metrics(), { headers: { 'content-type': metrics.registry.contentType } });
      case 'kill':
        return killRoute(request, cutover, {
          secret: config.controlSecret,
          bodyLimitBytes: config.bodyLimitBytes,
          chunks: server?.incoming.iterator({ destroyOnReturn: false }),
        });
      case 'v1':
        return handleV1(server ? serverRequestOf(request, server, connections.of(server.incoming.socket)) : request);
      case 'v2': {
        const target = v2Target(base, url);
        if (!target) return json(404, v2Error('NOT_FOUND', 'Path', 'no such v2 path', 'Verify the URL.'));
        const creates = target.pathname.endsWith(`/${V2_PATHS.start}`);
        const answersJson = request.method === 'POST' && JSON_ANSWERS.some((path) => target.pathname.endsWith(`/${path}`));
        return passThrough(passThroughRequest(request, requestId, server), target, upstreamFetch, limits, { answersJson, creates }).catch(
          (error: unknown) => v2FailureAnswer(error, creates, requestId),
        );
      }
      case 'token':
        return passThrough(passThroughRequest(request, requestId, server), tokenTarget(authOrigin, url), upstreamFetch, limits).catch(
          tokenFailureAnswer,
        );
      default:
        return notFoundAnswer(url.pathname);
    }
  }

  /** Answers one request; `server` is what @hono/node-server passes along when node:http received it. */
  async function handle(request: Request, server?: NodeBindings): Promise<Response> {
    const started = performance.now();
    if (server) latestOn.set(server.incoming.socket, server.incoming);
    const url = targetOf(request);
    const route = url ? routeOf(request.method, url.pathname) : 'malformed';
    // v1 answers carry their own id (the upstream's when there was one); every other answer carries this one.
    // Arrived after the signal (pipelined, or on a kept-alive connection): sent upstream, its answer could be lost
    // with a connection about to close, so it is refused as one that sent nothing.
    const refused = stopping || waitingStopped;
    const ownId = route === 'v1' && !refused;
    const inbound = request.headers.get('x-request-id');
    const requestId = ownId ? '' : inbound && VALID_REQUEST_ID.test(inbound) ? inbound : crypto.randomUUID();
    // Operational endpoints are not traffic: a scrape must not count itself.
    const traffic = route === 'v1' || route === 'v2' || route === 'token';
    if (traffic) metrics.inFlight.inc();
    let response: Response;
    try {
      // Health, metrics and the kill switch send nothing upstream and still answer.
      response =
        refused && traffic
          ? nothingSentAnswer(route, requestId)
          : url === undefined
            ? malformedAnswer()
            : await dispatch(route, request, url, requestId, server);
    } catch (error) {
      logger.error({ route, err: { name: (error as Error).name } }, 'unexpected failure');
      response = json(500, { status: 500, message: 'journey-bridge failed to handle the request', error: 'internal-server-error' });
    } finally {
      if (traffic) metrics.inFlight.dec();
    }
    // The GET answer's status and headers without its body: node:http drops it on the wire, a fetch caller would not.
    // The shim's own answers keep their length, as RFC 9110 §9.3.2 has a HEAD answer carry the GET's header fields;
    // an upstream's answer to a HEAD passed through has no body to measure.
    if (request.method === 'HEAD' && response.body !== null) {
      const passedThrough = route === 'v2' || route === 'token';
      const length = passedThrough ? undefined : String((await response.arrayBuffer()).byteLength);
      response = new Response(null, response);
      if (length !== undefined) response.headers.set('content-length', length);
    }
    // Set before the answer leaves; reading a v1 Response's headers would make @hono/node-server build a Headers object.
    if (!ownId) response.headers.set('x-request-id', requestId);
    // Answered before its body was read to its end (a 413, a 503 for held bytes): @hono/node-server reads and
    // drops the rest once the answer is out (up to 64 MiB or 500 ms), so a caller still sending reads the answer.
    // A close would reset the connection under it instead; the adapter asks for one, having no socket to drain.
    if (server && !server.incoming.complete) response.headers.delete('connection');
    // A keep-alive caller must not send its next request on a connection the stopping shim is about to close; one
    // that pipelined requests behind this one gets their answers first (node:http ends the connection after a close).
    if (stopping && server && latestOn.get(server.incoming.socket) === server.incoming) server.outgoing.setHeader('connection', 'close');
    return answered(request.method, route, response, started);
  }

  /** Counts and logs an answer, one line per request, and hands it back. */
  function answered(method: string | undefined, route: Route, response: Response, started: number): Response {
    metrics.requests.inc({ route, status: String(response.status) });
    if (route !== 'healthz' && route !== 'metrics' && logger.isLevelEnabled('info')) {
      logger.info(
        {
          method,
          // The route, never the path or the query: callers put identifiers, and worse, in URLs.
          route,
          status: response.status,
          durationMs: Math.round((performance.now() - started) * 1000) / 1000,
          requestId: response.headers.get('x-request-id'),
        },
        'request',
      );
    }
    return response;
  }

  /**
   * Answers a request node:http took but no URL can hold (a backslash in the target, `Host: user:pw@shim`, an
   * unclosed `[::1`, `OPTIONS *`), which @hono/node-server cannot make a Request of: 400 in the v1 shape, counted
   * and logged as a malformed target, as `handle` answers a target with user information.
   */
  function malformed(): Response {
    const response = malformedAnswer();
    response.headers.set('x-request-id', crypto.randomUUID());
    // As every answer while the shim stops: its caller must not send the next request on this connection.
    if (stopping) response.headers.set('connection', 'close');
    return answered(undefined, 'malformed', response, performance.now());
  }

  /**
   * The server is stopping: from now on every answer closes its connection (`Connection: close`), and a request
   * arriving is answered 503, nothing sent upstream, while those already in flight finish.
   */
  const beginStopping = (): void => {
    stopping = true;
  };

  /**
   * Ends every request still waiting for the upstream as a timeout would: answered 504, a start saying its journey
   * may have been created and under which request id, never counted as a caller that left (499). A request that had
   * sent nothing upstream (a v1 body still arriving) is answered 503: nothing was sent.
   */
  const stopWaiting = (): void => {
    waitingStopped = true;
    connections.abortAll(new DOMException('journey-bridge stopped waiting for the upstream: it is shutting down', 'TimeoutError'));
  };

  /** Stops the cutover (its shadow work, store and records), if there is one, and closes the save store and the shim's own pool. */
  const close = async () => {
    try {
      await shimCutover?.close();
    } finally {
      await Promise.all([saveStore?.close(), pool?.close()]);
    }
  };

  return { handle, malformed, metrics, ready, beginStopping, stopWaiting, close };
}
