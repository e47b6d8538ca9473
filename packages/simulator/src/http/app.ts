import { ERROR_KINDS, type ErrorKindName, Region } from '@journey-bridge/contract';
import { type Context, Hono } from 'hono';
import { getPath } from 'hono/utils/url';
import { SimError } from '../sim-error.js';
import type { SimulatorCore } from '../simulator-core.js';
import { controlRoutes } from './control-routes.js';
import type { SimEnv, Surface } from './env.js';
import { pageRoutes } from './page-routes.js';
import { receiveWhole } from './read-body.js';
import { errorBody } from './render-error.js';
import { tokenRoutes } from './token-routes.js';
import { v1Routes } from './v1-routes.js';
import { v2Routes } from './v2-routes.js';

const SURFACE = /^(?:\/(eu|us|au))?\/(v2\/captain|captain\/api|as|authenticate|auth|__sim|page)(?:\/|$)/;
const SURFACES: Record<string, Surface> = {
  'v2/captain': 'v2',
  'captain/api': 'v1',
  as: 'token',
  authenticate: 'token',
  auth: 'token',
  __sim: 'control',
};
const VALID_REQUEST_ID = /^[\w.:@-]{1,128}$/;
const URL_HOST = /^[a-z][\w+.-]*:\/\/([^/?#]*)/i;

/**
 * The path routed by: a v1 path as live v1 took it behind nginx, which merges repeated slashes by default
 * (`/captain/api//journey/start`, a base URL ending in `/` joined to a path starting with one), and without a
 * trailing slash. v2 paths stay exact.
 */
function routedPath(request: Request): string {
  const path = getPath(request);
  return path.includes('/captain/api/') ? path.replace(/\/{2,}/g, '/').replace(/(.)\/$/, '$1') : path;
}

/**
 * Thrown in-process for a `reset` fault: `simulator.fetch` turns it into a network error.
 * Not a `SimulatorError`: an internal signal that never leaves the package, so the root does not catch it.
 */
export class SimulatedConnectionReset extends Error {
  override name = 'SimulatedConnectionReset';
}

function regionOf(match: RegExpExecArray | null, host: string | undefined, fallback: Region): Region {
  const inPath = match?.[1] as Region | undefined;
  if (inPath) return inPath;
  // A lookup, not `safeParse`: most hosts are no region (an IP, localhost), and a failed parse builds an error.
  // Host names are case-insensitive: `US.platform…` is the us host.
  const inHost = host?.split('.')[0]?.toLowerCase();
  return Region.options.find((region) => region === inHost) ?? fallback;
}

/**
 * The simulator's request handler: one Hono app that serves v2, v1, tokens, the hosted page of `page` delivery and
 * the control plane. Every answer carries `X-Request-ID`; every request outside the control plane is journaled;
 * fault rules apply first.
 */
export function createApp(core: SimulatorCore): Hono<SimEnv> {
  const app = new Hono<SimEnv>({ getPath: routedPath });

  app.use('*', async (c, next) => {
    const started = performance.now();
    const arrived = new Date(core.clock.now()).toISOString();
    const epoch = core.journal.epoch;
    const inbound = c.req.header('x-request-id');
    const requestId = inbound && VALID_REQUEST_ID.test(inbound) ? inbound : core.requestIds.hex(32);
    const match = SURFACE.exec(c.req.path);
    const surface = SURFACES[match?.[2] ?? ''] ?? 'other';
    c.set('requestId', requestId);
    c.set('surface', surface);
    // In-process a request carries no Host header: its URL's host is the one the caller named.
    c.set('region', regionOf(match, c.req.header('host') ?? URL_HOST.exec(c.req.url)?.[1], core.options.defaultRegion));
    c.set('journal', {});
    // Set before the answer exists, so that every answer made through `c` carries it: set afterwards, Hono copies
    // the finished answer into a new `Response`, and its body into a web stream.
    c.header('X-Request-ID', requestId);
    const fault = surface === 'control' ? undefined : core.faults.match(c.req.method, c.req.path);
    try {
      if (fault?.latencyMs) {
        await receiveWhole(c, core.options.bodyLimitBytes);
        await new Promise((resolve) => setTimeout(resolve, fault.latencyMs));
      }
      // Handled as usual, then answered with the fault: the request took effect, the caller cannot know it.
      if (fault?.afterHandling) await next();
      if (fault?.reset) {
        const socket = c.env?.incoming?.socket;
        if (!socket) throw new SimulatedConnectionReset('connection reset by fault rule');
        socket.destroy();
        c.res = c.body(null, 500);
        return;
      }
      if (fault?.malformed) {
        c.res = c.body('{"instanceId": "truncated', 200, { 'content-type': 'application/json' });
      } else if (fault?.status) {
        const kind = (Object.keys(ERROR_KINDS) as ErrorKindName[]).find((name) => ERROR_KINDS[name].status === fault.status);
        // Where the real refusal would point: a 401 or 403 at the token, anything else at the service.
        const location = fault.status === 401 || fault.status === 403 ? 'Authorization' : 'Service';
        const error = new SimError(
          { kind: kind ?? 'INTERNAL_ERROR', location, problem: `injected fault ${fault.id}` },
          fault.retryAfter === undefined ? {} : { 'Retry-After': String(fault.retryAfter) },
        );
        c.res = c.json(errorBody(error, surface), fault.status as 500, error.headers);
      } else if (!fault?.afterHandling) {
        await next();
      }
    } catch (error) {
      // Thrown here, not in a handler (a 413 while receiving a delayed request): Hono would answer it only after
      // the journal entry below, which would then record the placeholder's 200.
      if (error instanceof SimulatedConnectionReset) throw error;
      c.res = errorAnswer(c, error);
    } finally {
      // A request that arrived before a reset (a test's that ended) is no part of the next test's journal.
      if (surface !== 'control' && core.journal.epoch === epoch) {
        core.journal.record({
          at: arrived,
          method: c.req.method,
          path: c.req.path,
          status: fault?.reset ? 0 : c.res.status,
          requestId,
          durationMs: Math.round((performance.now() - started) * 1000) / 1000,
          ...(fault && { fault: fault.id }),
          ...c.get('journal'),
        });
      }
    }
  });

  app.route('/:region{eu|us|au}/v2/captain', v2Routes(core));
  app.route('/v2/captain', v2Routes(core));
  app.route('/:region{eu|us|au}/captain/api', v1Routes(core));
  app.route('/captain/api', v1Routes(core));
  app.route('/', tokenRoutes(core));
  app.route('/__sim', controlRoutes(core));
  app.route('/page', pageRoutes(core));

  app.notFound((c) => {
    const allowed = app.routes.some((route) => route.method === 'POST' && pathMatches(route.path, c.req.path));
    const error = allowed
      ? new SimError(
          { kind: 'METHOD_NOT_ALLOWED', location: 'Request', problem: `${c.req.method} is not allowed on ${c.req.path}: use POST` },
          { Allow: 'POST' },
        )
      : // The path is not quoted back: a caller's mistake may put an identifier in it.
        new SimError({ kind: 'NOT_FOUND', location: 'Path', problem: 'no endpoint at this path' });
    return c.json(errorBody(error, c.get('surface')), error.status as 404, error.headers);
  });

  app.onError((error, c) => {
    if (error instanceof SimulatedConnectionReset) throw error;
    return errorAnswer(c, error);
  });

  return app;
}

/** The answer to an error thrown while handling a request: a `SimError` as it says, anything else as a 500. */
function errorAnswer(c: Context<SimEnv>, error: unknown): Response {
  const simError =
    error instanceof SimError
      ? error
      : new SimError({ kind: 'INTERNAL_ERROR', location: 'Service', problem: 'the simulator failed to handle the request' });
  if (!(error instanceof SimError)) console.error('journey-sim: unexpected error', error);
  return c.json(errorBody(simError, c.get('surface')), simError.status as 400, simError.headers);
}

/** Whether a Hono route pattern (`/:region{eu|us|au}/v2/...`) matches `path`. */
function pathMatches(pattern: string, path: string): boolean {
  const source = pattern
    .split('/')
    .map((part) => {
      if (!part.startsWith(':')) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      const constraint = /\{(.+)\}$/.exec(part);
      return constraint ? `(?:${constraint[1]})` : '[^/]+';
    })
    .join('/');
  return new RegExp(`^${source}$`).test(path);
}
