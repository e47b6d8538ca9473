import type { Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { type ServerType, serve } from '@hono/node-server';
import type { ClockOptions } from './clock.js';
import { SimulatorError } from './errors/simulator-error.js';
import { createApp, SimulatedConnectionReset } from './http/app.js';
import { SimulatorCore, type SimulatorOptions } from './simulator-core.js';

/** A simulator listening on a port. */
export interface RunningSimulator {
  /** `http://host:port`: append `/eu/v2/captain/`, `/captain/api/`, `/as/token.oauth2` or `/__sim/`. */
  readonly url: string;
  /**
   * Stops accepting connections and closes idle keep-alive ones, and those that never sent a byte (a browser's
   * speculative connection, which would otherwise hold the server open until Node's headers timeout).
   */
  close(): Promise<void>;
}

export interface ListenOptions {
  /** @default 0 (a free port) */
  port?: number;
  /** @default '127.0.0.1' */
  host?: string;
}

/** The platform on a laptop: v1, v2 and token endpoints over one journey engine, plus its control plane. */
export interface Simulator {
  /** Answers a request in-process, with no socket: pass it as `fetch` to any client. */
  readonly fetch: typeof globalThis.fetch;
  /** Serves the same handler on a port. */
  listen(options?: ListenOptions): Promise<RunningSimulator>;
  /** Direct access to what the control plane exposes over HTTP. */
  readonly core: SimulatorCore;
  /** Issues an access token for a configured client without a token request; @throws UnknownClientError. */
  issueToken(clientId?: string): string;
}

export type { ClockOptions, SimulatorOptions };

/** `issueToken` named a client the simulator was not given. */
export class UnknownClientError extends SimulatorError {
  override name = 'UnknownClientError';
}

/**
 * What `handle` answers, or the signal's reason once it fires, as fetch rejects: at once for a signal already
 * aborted, before anything is handled. One that fires later leaves the handler running, as a server goes on with
 * a request whose caller left.
 */
function untilAborted<T>(handle: () => T | Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise((resolve, reject) => {
    const abort = () => reject(signal.reason);
    signal.addEventListener('abort', abort, { once: true });
    Promise.resolve()
      .then(handle)
      .then(resolve, reject)
      .finally(() => signal.removeEventListener('abort', abort));
  });
}

export function createSimulator(options: SimulatorOptions): Simulator {
  const core = new SimulatorCore(options);
  const app = createApp(core);

  const fetch: typeof globalThis.fetch = async (input, init) => {
    const request = input instanceof Request && init === undefined ? input : new Request(input, init);
    try {
      return await untilAborted(() => app.fetch(request), request.signal);
    } catch (error) {
      if (error instanceof SimulatedConnectionReset) {
        throw new TypeError('fetch failed', { cause: Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }) });
      }
      throw error;
    }
  };

  return {
    fetch,
    core,
    issueToken(clientId = 'demo-client') {
      const client = core.clients.get(clientId);
      if (!client) {
        throw new UnknownClientError(
          `client ${JSON.stringify(clientId)} is not configured: configured are ${[...core.clients.keys()].join(', ')}`,
        );
      }
      return core.tokens.issue(client.clientId, client.permissions).access_token;
    },
    listen({ port = 0, host = '127.0.0.1' } = {}) {
      return new Promise((resolve, reject) => {
        const sockets = new Set<Socket>();
        const server: ServerType = serve({ fetch: app.fetch, port, hostname: host }, (info: AddressInfo) => {
          const shownHost = info.family === 'IPv6' ? `[${info.address}]` : info.address;
          resolve({
            url: `http://${shownHost}:${info.port}`,
            close: () =>
              new Promise<void>((done) => {
                // A kept-alive connection whose answer is still being made turns idle, not closed, once answered:
                // swept until all are gone, rather than left to the keep-alive timeout.
                const sweep = setInterval(() => (server as Server).closeIdleConnections(), 20);
                server.close(() => {
                  clearInterval(sweep);
                  done();
                });
                (server as Server).closeIdleConnections();
                // No request of theirs is under way: nothing is cut short.
                for (const socket of sockets) if (socket.bytesRead === 0) socket.destroy();
              }),
          });
        });
        server.on('connection', (socket: Socket) => {
          sockets.add(socket);
          socket.once('close', () => sockets.delete(socket));
        });
        server.once('error', reject);
      });
    },
  };
}
