import { Region, regionHost } from '@journey-bridge/contract';
import type { Dispatcher } from 'undici';
import type { Auth, TokenProvider } from './auth/token-provider.js';
import { ClientOptionsError } from './errors/client-options-error.js';
import { createApiError } from './errors/create-api-error.js';
import { createDispatcher } from './http/create-dispatcher.js';
import type { HttpOptions } from './http/http-options.js';
import { Transport } from './http/transport.js';
import { createFetch } from './http/undici-fetch.js';
import { Log, type LoggingOptions } from './logging.js';
import { type ResolvedRetryOptions, type RetryOptions, resolveRetryOptions } from './retry-policy.js';
import { checkTimeoutMs } from './timeout-ms.js';

/** Options of `createJourneyClient` and `createV1Client`. Give `region` or `baseUrl`, not both. */
export interface ClientOptions extends LoggingOptions {
  /** `eu`, `us` or `au`: the base is `https://{region}.platform.go.gbgplc.com` plus the version's path. */
  region?: Region;
  /**
   * The version's base address for any other host (a proxy, the simulator): an absolute http(s) URL such as
   * `http://localhost:4010/eu/v2/captain/` (v2) or `http://localhost:4010/eu/captain/api/` (v1).
   */
  baseUrl?: string | URL;
  /** How the client gets access tokens, e.g. `clientCredentials({ clientId, clientSecret })`. */
  auth: Auth;
  /**
   * Where the token endpoints live (`/as/token.oauth2` and `/authenticate/v1/connect/token` are appended).
   * @default the origin of the base address
   */
  authUrl?: string | URL;
  /** Timeout of each attempt in ms; a call may take longer across retries. @default 30000 */
  timeoutMs?: number;
  /** Retry policy; see `RetryOptions`. */
  retry?: RetryOptions;
  /**
   * Connection pool, proxy, TLS (custom CA, client certificate) and response size limit of a pool of this
   * client's own; see `HttpOptions`. @default one keep-alive pool that every client without these options shares
   */
  http?: HttpOptions;
  /** An undici dispatcher to send through instead, e.g. one `createDispatcher()` shared by several clients. */
  dispatcher?: Dispatcher;
  /**
   * A fetch to send through instead of undici, e.g. a simulator's in-process `fetch`. `http` does not apply to it.
   * @default `createFetch()` over the shared pool
   */
  fetch?: typeof globalThis.fetch;
  /** Clock for token expiry and polling deadlines, epoch ms. @default Date.now */
  now?: () => number;
}

/** What both clients are built from. */
export interface ClientCore {
  readonly transport: Transport;
  readonly log: Log;
  readonly now: () => number;
  readonly retry: ResolvedRetryOptions;
}

/** Validates the options and wires the transport, the logger and the token provider. */
export function createClientCore(options: ClientOptions, versionPath: string): ClientCore {
  const base = resolveBaseUrl(options, versionPath);
  const authUrl = options.authUrl === undefined ? base.origin : absoluteHttpUrl(options.authUrl, 'authUrl').href.replace(/\/$/, '');
  const log = new Log(options);
  const retry = resolveRetryOptions(options.retry);
  const timeoutMs = checkTimeoutMs(options.timeoutMs ?? 30_000, 'timeoutMs');
  const now = options.now ?? Date.now;
  const { fetch, dispatcher } = resolveHttp(options);
  const tokens: TokenProvider = options.auth.connect({ authUrl, fetch, timeoutMs, retry, log, now });
  const transport = new Transport({
    prefixUrl: base.href,
    fetch,
    dispatcher,
    timeoutMs,
    retry,
    log,
    tokens,
    errorFor: createApiError,
  });
  return { transport, log, now, retry };
}

/** How a client sends: an undici pool and a fetch over it, or only the `fetch` it was given. */
interface ResolvedHttp {
  readonly fetch: typeof globalThis.fetch;
  readonly dispatcher?: Dispatcher;
}

/** The pool of clients given neither `fetch`, `dispatcher` nor `http`: one, as `globalThis.fetch` has one. */
let shared: ResolvedHttp | undefined;

const overPool = (dispatcher: Dispatcher): ResolvedHttp => ({ dispatcher, fetch: createFetch(dispatcher) });

function resolveHttp({ fetch, dispatcher, http }: ClientOptions): ResolvedHttp {
  const given = [fetch && 'fetch', dispatcher && 'dispatcher', http && 'http'].filter(Boolean);
  if (given.length > 1) throw new ClientOptionsError(`give one of fetch, dispatcher and http, not ${given.join(' and ')}`);
  if (fetch) return { fetch };
  if (dispatcher || http) return overPool(dispatcher ?? createDispatcher(http));
  shared ??= overPool(createDispatcher());
  return shared;
}

function resolveBaseUrl({ region, baseUrl }: ClientOptions, versionPath: string): URL {
  if (region !== undefined && baseUrl !== undefined) throw new ClientOptionsError('give either region or baseUrl, not both');
  if (baseUrl !== undefined) {
    const url = absoluteHttpUrl(baseUrl, 'baseUrl');
    if (!url.pathname.endsWith('/')) url.pathname += '/';
    return url;
  }
  if (region === undefined) throw new ClientOptionsError('give region (eu, us, au) or an explicit baseUrl');
  const parsed = Region.safeParse(region);
  if (!parsed.success) {
    throw new ClientOptionsError(
      `region must be one of ${Region.options.join(', ')}, got ${JSON.stringify(region)}: give baseUrl for any other host`,
    );
  }
  return new URL(versionPath, regionHost(parsed.data));
}

function absoluteHttpUrl(value: string | URL, name: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    // Whatever comes before an `@` may be a password, even in a value that is no URL (a `/` in it breaks the parse).
    const text = String(value);
    const at = text.lastIndexOf('@');
    const shown = at < 0 ? text : `${/^[a-z][a-z\d+.-]*:\/\//i.exec(text)?.[0] ?? ''}***${text.slice(at)}`;
    throw new ClientOptionsError(`${name} must be an absolute http(s) URL, got ${JSON.stringify(shown)}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ClientOptionsError(`${name} must be an http(s) URL, got protocol ${url.protocol}`);
  }
  // fetch refuses to send a request to such a URL, naming it, password and all, in its TypeError.
  if (url.username || url.password)
    throw new ClientOptionsError(`${name} must not carry user information (user:password@): give credentials as auth`);
  if (url.search || url.hash) throw new ClientOptionsError(`${name} must not carry a query or a fragment`);
  return url;
}
