import { type Dispatcher, Pool } from 'undici';

/** The code of the error a proxy's failed `CONNECT` raises. */
export const PROXY_TUNNEL_CODE = 'JB_PROXY_TUNNEL';

/** The proxy closed a `CONNECT` or answered it with another status than 200: nothing reached the target. */
function tunnelFailure(message: string, details: { statusCode?: number; cause?: unknown }): Error {
  const { statusCode, cause } = details;
  const error = Object.assign(new Error(message, { cause }), { code: PROXY_TUNNEL_CODE });
  error.name = 'ProxyTunnelError';
  return statusCode === undefined ? error : Object.assign(error, { statusCode });
}

type ConnectOptions = Parameters<Pool['connect']>[0];
type ConnectCallback = (error: Error | null, data: Dispatcher.ConnectData) => void;

/**
 * The pool a proxy agent opens its tunnels through. undici takes a proxy closing a `CONNECT` for a lost socket,
 * which it retries for the queued request in a tight loop that outlives the call, and a refused one (407, 403)
 * for an abort; both become one network error of the connect phase, which fails the request at once.
 */
class TunnelPool extends Pool {
  override connect(options: ConnectOptions): Promise<Dispatcher.ConnectData>;
  override connect(options: ConnectOptions, callback: ConnectCallback): void;
  override connect(options: ConnectOptions, callback?: ConnectCallback): Promise<Dispatcher.ConnectData> | undefined {
    // The proxy agent asks for its tunnels with a promise; a callback is someone else's and keeps undici's errors.
    if (callback) {
      super.connect(options, callback);
      return undefined;
    }
    return super.connect(options).then(
      (tunnel) => {
        if (tunnel.statusCode === 200) return tunnel;
        tunnel.socket.on('error', () => {}).destroy();
        throw tunnelFailure(`the proxy answered CONNECT with ${tunnel.statusCode}`, { statusCode: tunnel.statusCode });
      },
      (error: unknown) => {
        if ((error as { code?: unknown }).code !== 'UND_ERR_SOCKET') throw error;
        throw tunnelFailure('the proxy closed the connection before answering CONNECT', { cause: error });
      },
    );
  }
}

/** A proxy agent's `clientFactory`: its connections to the proxy, through a `TunnelPool`. */
export const tunnelPool = (origin: URL, options: object): Dispatcher => new TunnelPool(origin, options);
