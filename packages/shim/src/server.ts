import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import pino, { type Logger } from 'pino';
import type { ShimConfig } from './config.js';
import { createShimHandler } from './shim-handler.js';

/** A shim listening on a port. */
export interface RunningShim {
  /** `http://host:port`; legacy apps use `${url}/captain/api/` as their v1 base. */
  readonly url: string;
  readonly metrics: ReturnType<typeof createShimHandler>['metrics'];
  /**
   * Graceful stop: no new connections, idle keep-alive connections closed, in-flight requests given until
   * `config.shutdownTimeoutMs` to finish, then the rest closed.
   */
  close(): Promise<void>;
}

/** Options of `startShim` beyond the configuration. */
export interface StartShimOptions {
  /** @default a pino logger writing JSON lines to stdout at `config.logLevel` */
  logger?: Logger;
  /** The fetch the shim reaches the upstream with. @default globalThis.fetch */
  fetch?: typeof globalThis.fetch;
}

/** Secrets that must never reach a log line, wherever they sit in a logged object. */
const REDACT = [
  'authorization',
  '*.authorization',
  'token',
  '*.token',
  'access_token',
  'id_token',
  'client_secret',
  'password',
  'subject',
  '*.subject',
];

export function createLogger(level: ShimConfig['logLevel']): Logger {
  return pino({ level, base: { service: 'journey-bridge' }, redact: { paths: REDACT, censor: '[redacted]' } });
}

/** Starts `journey-bridge serve` in this process. */
export function startShim(
  config: ShimConfig,
  { logger = createLogger(config.logLevel), fetch }: StartShimOptions = {},
): Promise<RunningShim> {
  const shim = createShimHandler({ config, logger, ...(fetch && { fetch }) });
  let active = 0;
  const drained = new Set<() => void>();
  const handle = async (request: Request) => {
    active += 1;
    try {
      return await shim.handle(request);
    } finally {
      active -= 1;
      if (active === 0) for (const done of drained) done();
    }
  };

  return new Promise((resolve, reject) => {
    const server = serve({ fetch: handle, port: config.port, hostname: config.host }, (info: AddressInfo) => {
      const host = info.family === 'IPv6' ? `[${info.address}]` : info.address;
      const url = `http://${host}:${info.port}`;
      logger.info({ url, upstream: config.upstream }, 'journey-bridge listening');
      resolve({
        url,
        metrics: shim.metrics,
        close: async () => {
          const closed = new Promise<void>((done) => (server as Server).close(() => done()));
          (server as Server).closeIdleConnections();
          if (active > 0) {
            const finished = new Promise<void>((done) => drained.add(done));
            const timeout = new Promise<void>((done) => setTimeout(done, config.shutdownTimeoutMs).unref());
            await Promise.race([finished, timeout]);
          }
          (server as Server).closeAllConnections();
          await closed;
        },
      });
    });
    server.once('error', reject);
  });
}
