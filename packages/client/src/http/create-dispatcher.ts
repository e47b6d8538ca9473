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

function proxyUrl(value: string): string {
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    // Reported below without the value, which may hold the proxy's password.
  }
  if (url?.protocol !== 'http:' && url?.protocol !== 'https:') throw new ClientOptionsError('http.proxy must be an absolute http(s) URL');
  return url.href;
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
    // Spread in: `EnvHttpProxyAgent` hands its options to the proxy agents it makes, though its type omits this one.
    const tunnels: Pick<ProxyAgent.Options, 'clientFactory'> = { clientFactory: tunnelPool };
    return new EnvHttpProxyAgent({ ...pool, ...tunnels, connect: tls, requestTls: tls });
  }
  return new Agent({ ...pool, connect: tls });
}
