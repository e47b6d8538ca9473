import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener, RequestError } from '@hono/node-server';
import pino, { type DestinationStream, type Logger } from 'pino';
import type { ShimConfig } from './config.js';
import { warnEntriesWithoutFlowKeys } from './flow-key-warnings.js';
import { openPairingStore, openSaveStore } from './shared-stores.js';
import { createShimHandler, type NodeBindings } from './shim-handler.js';
import { withoutPassword } from './without-password.js';

/** A shim listening on a port. */
export interface RunningShim {
  /** `http://host:port`; legacy apps use `${url}/captain/api/` as their v1 base. */
  readonly url: string;
  readonly metrics: ReturnType<typeof createShimHandler>['metrics'];
  /**
   * Graceful stop: no new connections, idle keep-alive connections closed, answers from now on with
   * `Connection: close`, in-flight requests given until `config.shutdownTimeoutMs` to finish; then those still
   * waiting for the upstream are answered 504 (a start: its journey may have been created; a v1 sync start already
   * answered upstream: 201 InProgress), those that sent nothing, and any arriving after, 503 (nothing was sent),
   * given up to a second to leave, and the rest closed.
   */
  close(): Promise<void>;
}

/** Options of `startShim` beyond the configuration. */
export interface StartShimOptions {
  /** @default a pino logger writing JSON lines to stdout at `config.logLevel` */
  logger?: Logger;
  /**
   * A fetch to reach the upstream with instead of undici (tests route it to in-process simulators).
   * @default its own undici keep-alive pool (`createDispatcher()`), closed with the shim
   */
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

/** A JSON-lines logger at `level` that redacts secrets, writing to `destination` (default: stdout). */
export function createLogger(level: ShimConfig['logLevel'], destination?: DestinationStream): Logger {
  return pino({ level, base: { service: 'journey-bridge' }, redact: { paths: REDACT, censor: '[redacted]' } }, destination);
}

/** How long the answers of requests still waiting at the end of the shutdown grace are given to leave, in ms. */
const ANSWER_WRITE_MS = 1000;

/** Rethrows a failure to start after closing `store`: its connection would keep the process from exiting. */
const closing =
  (store: { close(): Promise<void> } | undefined) =>
  async (error: unknown): Promise<never> => {
    await store?.close();
    throw error;
  };

/** Resolves `false` after `ms`, without holding the process open. */
const after = (ms: number) => new Promise<boolean>((done) => setTimeout(() => done(false), ms).unref());

/** Starts `journey-bridge serve` in this process, once the shared store it names (if any) is connected. */
export async function startShim(
  config: ShimConfig,
  { logger = createLogger(config.logLevel), fetch }: StartShimOptions = {},
): Promise<RunningShim> {
  warnEntriesWithoutFlowKeys(config, logger);
  const saveStore = await openSaveStore(config);
  const store = config.cutover ? await openPairingStore(config).catch(closing(saveStore)) : undefined;
  let shim: ReturnType<typeof createShimHandler>;
  try {
    shim = createShimHandler({ config, logger, ...(fetch && { fetch }), ...(store && { store }), ...(saveStore && { saveStore }) });
  } catch (error) {
    // A cutover the library refuses (two mappings of one v1 id): the stores' connections would keep the process alive.
    await Promise.all([store?.close(), saveStore?.close()]);
    throw error;
  }

  return new Promise((resolve, reject) => {
    // Served with node:http (HTTP/1), so the bindings @hono/node-server passes along are node:http's.
    const onRequest = (request: Request, env: unknown) => shim.handle(request, env as NodeBindings);
    // A request no URL can hold never reaches `onRequest`: the shim answers it too, in its own shape, logged and counted.
    const errorHandler = (error: unknown) => (error instanceof RequestError ? shim.malformed() : new Response(null, { status: 500 }));
    const server = createServer(getRequestListener(onRequest, { hostname: config.host, errorHandler }));
    server.listen(config.port, config.host, () => {
      const info = server.address() as AddressInfo;
      const host = info.family === 'IPv6' ? `[${info.address}]` : info.address;
      const url = `http://${host}:${info.port}`;
      // A configuration built without `resolveConfig` may still hold a password in its upstream.
      logger.info({ url, upstream: withoutPassword(config.upstream) }, 'journey-bridge listening');
      resolve({
        url,
        metrics: shim.metrics,
        close: async () => {
          // Stop accepting, let in-flight responses finish, answer those still waiting at the deadline, cut the rest.
          shim.beginStopping();
          const closed = new Promise<boolean>((done) => server.close(() => done(true)));
          // A connection whose response just finished turns idle, not closed: sweep until all are gone.
          const sweep = setInterval(() => server.closeIdleConnections(), 20);
          server.closeIdleConnections();
          if (!(await Promise.race([closed, after(config.shutdownTimeoutMs)]))) {
            shim.stopWaiting();
            await Promise.race([closed, after(ANSWER_WRITE_MS)]);
          }
          clearInterval(sweep);
          server.closeAllConnections();
          await closed;
          await shim.close();
        },
      });
    });
    // A caller that asks before sending (`Expect: 100-continue`, as .NET and curl do for large bodies) is told 413
    // at once for a body over the limit, instead of being invited to upload it first.
    server.on('checkContinue', (incoming: IncomingMessage, outgoing: ServerResponse) => {
      if (!(Number(incoming.headers['content-length']) > config.bodyLimitBytes)) outgoing.writeContinue();
      server.emit('request', incoming, outgoing);
    });
    server.once('error', (error) => {
      void shim.close();
      reject(error);
    });
  });
}
