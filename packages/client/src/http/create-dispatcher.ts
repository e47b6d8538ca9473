import { Agent, type Dispatcher, EnvHttpProxyAgent, ProxyAgent } from 'undici';
import { ClientOptionsError } from '../errors/client-options-error.js';
import { DEFAULT_HTTP, type HttpOptions } from './http-options.js';
import { tunnelPool } from './proxy-tunnel.js';

/** The variables `EnvHttpProxyAgent` reads, in the two spellings it reads them. */
const PROXY_VARIABLES = ['http_proxy', 'HTTP_PROXY', 'https_proxy', 'HTTPS_PROXY', 'no_proxy', 'NO_PROXY'];

function positiveInteger(value: number, name: string): number {
  if (!(Number.isSafeInteger(value) && value > 0)) throw new ClientOptionsError(`http.${name} must be a whole number from 1, got ${value}`);
  return value;
}

/** Whether a proxy URL's user and password decode, as the proxy agent decodes them (with a `URIError` otherwise). */
function credentialsDecode(url: URL): boolean {
  try {
    decodeURIComponent(url.username);
    decodeURIComponent(url.password);
    return true;
  } catch {
    return false;
  }
}

/** `value` of `name` as a URL, or `undefined`; errors never quote it, as it may hold the proxy's password. */
function parsedProxyUrl(value: string, name: string): URL | undefined {
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  if (!credentialsDecode(url)) throw new ClientOptionsError(`${name} has a user or password that is not valid percent-encoding`);
  return url;
}

function proxyUrl(value: string): string {
  const url = parsedProxyUrl(value, 'http.proxy');
  if (url?.protocol !== 'http:' && url?.protocol !== 'https:') throw new ClientOptionsError('http.proxy must be an absolute http(s) URL');
  return url.href;
}

/** Checks the proxy variables `EnvHttpProxyAgent` will use (the lower-case spelling wins), which it would not report well. */
function checkProxyVariables(): void {
  for (const names of [
    ['http_proxy', 'HTTP_PROXY'],
    ['https_proxy', 'HTTPS_PROXY'],
  ]) {
    const name = names.find((candidate) => process.env[candidate] !== undefined);
    const value = name === undefined ? undefined : process.env[name];
    if (name && value && !parsedProxyUrl(value, name)) throw new ClientOptionsError(`${name} must be a URL`);
  }
}

/**
 * A connection pool for the clients (`ClientOptions.dispatcher`) or for your own undici calls: an undici `Agent`
 * with keep-alive, or a proxy agent when `proxy` says so (with `'env'`, only when a proxy variable is set). One
 * pool can serve any number of clients; close it with `await dispatcher.close()` when done.
 */
export function createDispatcher(options: HttpOptions = {}): Dispatcher {
  const connections = positiveInteger(options.connections ?? DEFAULT_HTTP.connections, 'connections');
  const keepAliveTimeout = positiveInteger(options.keepAliveTimeoutMs ?? DEFAULT_HTTP.keepAliveTimeoutMs, 'keepAliveTimeoutMs');
  const maxResponseSize = positiveInteger(options.maxResponseBytes ?? DEFAULT_HTTP.maxResponseBytes, 'maxResponseBytes');
  const { ca, cert, key } = options;
  if ((cert === undefined) !== (key === undefined)) throw new ClientOptionsError('give http.cert and http.key together');
  const tls = { ...(ca !== undefined && { ca }), ...(cert !== undefined && { cert, key }) };
  const pool = { connections, keepAliveTimeout, maxResponseSize };
  const proxy = options.proxy ?? DEFAULT_HTTP.proxy;
  // A proxy agent takes the target's TLS options as `requestTls`; `connect` is for direct connections.
  if (typeof proxy === 'string' && proxy !== 'env')
    return new ProxyAgent({ ...pool, uri: proxyUrl(proxy), requestTls: tls, clientFactory: tunnelPool });
  if (proxy === 'env' && PROXY_VARIABLES.some((name) => process.env[name])) {
    checkProxyVariables();
    // Spread in: `EnvHttpProxyAgent` hands its options to the proxy agents it makes, though its type omits this one.
    const tunnels: Pick<ProxyAgent.Options, 'clientFactory'> = { clientFactory: tunnelPool };
    return new EnvHttpProxyAgent({ ...pool, ...tunnels, connect: tls, requestTls: tls });
  }
  return new Agent({ ...pool, connect: tls });
}
