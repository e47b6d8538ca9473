import { readFileSync } from 'node:fs';
import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { type AddressInfo, createConnection, type Socket } from 'node:net';
import type { TLSSocket } from 'node:tls';
import { createProxy } from 'proxy';
import { afterAll, afterEach, beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import {
  ClientOptionsError,
  ConnectionError,
  clientCredentials,
  createDispatcher,
  createFetch,
  createJourneyClient,
  type HttpOptions,
  type Logger,
  neverSent,
  staticToken,
  TimeoutError,
  TokenEndpointError,
} from '../src/index.js';
import { FAST_RETRY } from './simulator.js';

/** Test-only certificates made by `fixtures/tls/make.sh`: a CA, a server certificate for 127.0.0.1, a client certificate. */
const pem = (name: string) => readFileSync(new URL(`fixtures/tls/${name}`, import.meta.url), 'utf8');
const ca = pem('ca.crt');
const clientCert = { cert: pem('client.crt'), key: pem('client.key') };

/** Answers every request with who asked: the client certificate's subject, if one was presented. */
function whoAsked(request: IncomingMessage, response: ServerResponse): void {
  const socket = request.socket as Partial<TLSSocket>;
  const subject = socket.getPeerCertificate?.().subject?.CN ?? null;
  response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ subject }));
}

async function listening(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const plain = createHttpServer(whoAsked);
const plainHost = await listening(plain);
const tls = createHttpsServer({ cert: pem('server.crt'), key: pem('server.key') }, whoAsked);
const tlsHost = await listening(tls);
// Asks for a client certificate signed by the test CA and refuses the handshake without one.
const mutual = createHttpsServer(
  { cert: pem('server.crt'), key: pem('server.key'), ca, requestCert: true, rejectUnauthorized: true },
  whoAsked,
);
const mutualHost = await listening(mutual);

/** A forward proxy on loopback (the `proxy` package) that records the targets of its tunnels. */
const tunnels: string[] = [];
const forwardProxy = createProxy(createHttpServer());
forwardProxy.on('connect', (request: IncomingMessage) => tunnels.push(request.url ?? ''));
const proxyUrl = `http://${await listening(forwardProxy)}`;

afterAll(() => {
  for (const server of [plain, tls, mutual, forwardProxy]) {
    server.closeAllConnections();
    server.close();
  }
});

/** What the server at `url` says about the request, through a pool made with `options`. */
async function ask(url: string, options: HttpOptions = {}): Promise<{ subject: string | null }> {
  const dispatcher = createDispatcher(options);
  try {
    return (await (await createFetch(dispatcher)(url)).json()) as { subject: string | null };
  } finally {
    await dispatcher.destroy();
  }
}

const PROXY_VARIABLES = ['http_proxy', 'HTTP_PROXY', 'https_proxy', 'HTTPS_PROXY', 'no_proxy', 'NO_PROXY'] as const;

describe('proxies', () => {
  const saved = Object.fromEntries(PROXY_VARIABLES.map((name) => [name, process.env[name]]));
  beforeEach(() => {
    for (const name of PROXY_VARIABLES) delete process.env[name];
    tunnels.length = 0;
  });
  afterEach(() => {
    for (const name of PROXY_VARIABLES) {
      if (saved[name] === undefined) delete process.env[name];
      else process.env[name] = saved[name];
    }
  });

  it('goes direct while no proxy variable is set', async () => {
    expect(await ask(`http://${plainHost}/`)).toEqual({ subject: null });
    expect(tunnels).toEqual([]);
  });

  it('goes through HTTP_PROXY for http and HTTPS_PROXY for https (with the custom CA through the tunnel)', async () => {
    process.env.HTTP_PROXY = proxyUrl;
    process.env.https_proxy = proxyUrl;
    expect(await ask(`http://${plainHost}/`)).toEqual({ subject: null });
    expect(await ask(`https://${tlsHost}/`, { ca })).toEqual({ subject: null });
    expect(tunnels).toEqual([plainHost, tlsHost]);
  });

  it('bypasses the proxy for hosts in NO_PROXY', async () => {
    process.env.HTTP_PROXY = proxyUrl;
    process.env.NO_PROXY = `example.test, ${plainHost}`;
    expect(await ask(`http://${plainHost}/`)).toEqual({ subject: null });
    expect(tunnels).toEqual([]);
  });

  it('proxy: false ignores the variables; a proxy URL is used for every request', async () => {
    process.env.HTTP_PROXY = 'http://127.0.0.1:9/';
    expect(await ask(`http://${plainHost}/`, { proxy: false })).toEqual({ subject: null });
    delete process.env.HTTP_PROXY;
    expect(await ask(`http://${plainHost}/`, { proxy: proxyUrl })).toEqual({ subject: null });
    expect(tunnels).toEqual([plainHost]);
  });

  it('a proxy URL whose credentials are not valid percent-encoding: ClientOptionsError without the secret', () => {
    const bad = 'http://corp:SECRET%zz@127.0.0.1:3128';
    const optionsError = (make: () => unknown) => {
      try {
        make();
      } catch (error) {
        return error as Error;
      }
      return undefined;
    };
    const byOption = optionsError(() =>
      createJourneyClient({ baseUrl: `http://${plainHost}/v2/`, auth: staticToken('t'), http: { proxy: bad } }),
    );
    expect(byOption).toBeInstanceOf(ClientOptionsError);
    expect(byOption?.message).toMatch(/http\.proxy/);
    process.env.HTTPS_PROXY = bad;
    const byVariable = optionsError(() => createJourneyClient({ baseUrl: `http://${plainHost}/v2/`, auth: staticToken('t'), http: {} }));
    expect(byVariable).toBeInstanceOf(ClientOptionsError);
    expect(byVariable?.message).toMatch(/HTTPS_PROXY/);
    for (const error of [byOption, byVariable]) expect(`${error?.message} ${String(error?.cause)}`).not.toMatch(/SECRET/);
  });

  it('a client reads the variables when it is made, and sends its calls through the proxy', async () => {
    process.env.HTTP_PROXY = proxyUrl;
    const client = createJourneyClient({ baseUrl: `http://${plainHost}/v2/`, auth: staticToken('t'), http: {}, retry: { limit: 0 } });
    // The server's answer is no journey state, but it came back through the proxy.
    await expect(client.fetchState({ instanceId: 'a'.repeat(32) })).rejects.toMatchObject({ name: 'ResponseValidationError' });
    expect(tunnels).toEqual([plainHost]);
  });
});

describe('TLS', () => {
  it('trusts a server certificate signed by the custom CA', async () => {
    expect(await ask(`https://${tlsHost}/`, { ca })).toEqual({ subject: null });
  });

  it('refuses it without the CA: a ConnectionError naming the certificate problem', async () => {
    const client = createJourneyClient({ baseUrl: `https://${tlsHost}/v2/`, auth: staticToken('t'), retry: FAST_RETRY });
    const error = await client.fetchState({ instanceId: 'a'.repeat(32) }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ConnectionError);
    expect((error as Error).cause).toMatchObject({ code: 'UNABLE_TO_VERIFY_LEAF_SIGNATURE' });
  });

  it('presents the client certificate to a server that requires one', async () => {
    expect(await ask(`https://${mutualHost}/`, { ca, ...clientCert })).toEqual({ subject: 'journey-bridge test client' });
  });

  it('without it, that server refuses the connection: a ConnectionError', async () => {
    const client = createJourneyClient({ baseUrl: `https://${mutualHost}/v2/`, auth: staticToken('t'), http: { ca }, retry: FAST_RETRY });
    await expect(client.fetchState({ instanceId: 'a'.repeat(32) })).rejects.toBeInstanceOf(ConnectionError);
  });
});

/** A proxy that fails every CONNECT: closes the connection, answers with an error status, or holds it unanswered. */
async function failingProxy(answer: 'drop' | 'hold' | 407 | 403) {
  const server = createHttpServer();
  const held: Socket[] = [];
  let connects = 0;
  server.on('connect', (_request: IncomingMessage, socket: Socket) => {
    connects += 1;
    if (answer === 'drop') socket.destroy();
    else if (answer === 'hold') held.push(socket);
    else socket.end(`HTTP/1.1 ${answer} No\r\nProxy-Authenticate: Basic realm="corp"\r\nContent-Length: 0\r\n\r\n`);
  });
  const url = `http://${await listening(server)}`;
  onTestFinished(() => {
    server.closeAllConnections();
    server.close();
  });
  return {
    url,
    held,
    connects: () => connects,
    /** Whether another CONNECT arrives within `ms`. */
    connectsAgainWithin: (ms: number) => arrivesWithin(server, 'connect', ms),
  };
}

/** Whether `server` emits `event` within `ms`. */
function arrivesWithin(server: Server, event: string, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    const arrived = () => {
      clearTimeout(timer);
      resolve(true);
    };
    const timer = setTimeout(() => {
      server.off(event, arrived);
      resolve(false);
    }, ms);
    server.once(event, arrived);
  });
}

/** A pool through `proxy` (a URL, or `'env'`), destroyed when the test ends. */
function pool(proxy: string) {
  const dispatcher = createDispatcher({ proxy });
  onTestFinished(() => dispatcher.destroy());
  return dispatcher;
}

describe('a proxy that fails the tunnel', () => {
  afterEach(() => {
    delete process.env.HTTP_PROXY;
  });

  it('closing every CONNECT (by HTTP_PROXY): ConnectionError at once, and no connection after the call', async () => {
    const proxy = await failingProxy('drop');
    process.env.HTTP_PROXY = proxy.url;
    const client = createJourneyClient({
      baseUrl: `http://${plainHost}/v2/`,
      auth: staticToken('t'),
      dispatcher: pool('env'),
      timeoutMs: 1000,
      retry: { limit: 0 },
    });
    const error = (await client.fetchState({ instanceId: 'a'.repeat(32) }).catch((caught: unknown) => caught)) as ConnectionError;
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error).not.toBeInstanceOf(TimeoutError);
    expect(error.cause).toMatchObject({ code: 'JB_PROXY_TUNNEL', cause: { code: 'UND_ERR_SOCKET' } });
    expect(proxy.connects()).toBe(1);
    expect(await proxy.connectsAgainWithin(300)).toBe(false);
  });

  it('closing every CONNECT at the token endpoint (by http.proxy): TokenEndpointError with the network cause', async () => {
    const proxy = await failingProxy('drop');
    const client = createJourneyClient({
      baseUrl: `http://${plainHost}/v2/`,
      auth: clientCredentials({ clientId: 'c', clientSecret: 's' }),
      dispatcher: pool(proxy.url),
      timeoutMs: 1000,
      retry: { limit: 0 },
    });
    const error = (await client.fetchState({ instanceId: 'a'.repeat(32) }).catch((caught: unknown) => caught)) as TokenEndpointError;
    expect(error).toBeInstanceOf(TokenEndpointError);
    expect(error.status).toBeUndefined();
    expect(error.cause).toMatchObject({ code: 'JB_PROXY_TUNNEL', cause: { code: 'UND_ERR_SOCKET' } });
    const connects = proxy.connects();
    expect(await proxy.connectsAgainWithin(300)).toBe(false);
    expect(proxy.connects()).toBe(connects);
  });

  it.each([407, 403] as const)('answering CONNECT with %i: a logged ConnectionError naming the status, never sent', async (status) => {
    const proxy = await failingProxy(status);
    const lines: string[] = [];
    const logger: Logger = { error: () => {}, warn: (message) => lines.push(message), info: () => {}, debug: () => {} };
    const client = createJourneyClient({
      baseUrl: `http://${plainHost}/v2/`,
      auth: staticToken('t'),
      dispatcher: pool(proxy.url.replace('//', '//corp:pw-SECRET@')),
      retry: { limit: 0 },
      logger,
      logLevel: 'warn',
    });
    const error = (await client.fetchState({ instanceId: 'a'.repeat(32) }).catch((caught: unknown) => caught)) as ConnectionError;
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error.cause).toMatchObject({ name: 'ProxyTunnelError', code: 'JB_PROXY_TUNNEL', statusCode: status });
    expect((error.cause as Error).message).toContain(String(status));
    expect(neverSent(error.cause)).toBe(true);
    expect(lines).toEqual([expect.stringMatching(/^POST journey\/state\/fetch ProxyTunnelError .* attempt 1 /)]);
    expect(JSON.stringify([lines, error.message, (error.cause as Error).message])).not.toMatch(/SECRET/);
  });

  it('answering CONNECT with 407 at the token endpoint: TokenEndpointError with the network cause', async () => {
    const proxy = await failingProxy(407);
    const client = createJourneyClient({
      baseUrl: `http://${plainHost}/v2/`,
      auth: clientCredentials({ clientId: 'c', clientSecret: 's' }),
      dispatcher: pool(proxy.url),
      retry: { limit: 0 },
    });
    const error = (await client.fetchState({ instanceId: 'a'.repeat(32) }).catch((caught: unknown) => caught)) as TokenEndpointError;
    expect(error).toBeInstanceOf(TokenEndpointError);
    expect(error.cause).toMatchObject({ code: 'JB_PROXY_TUNNEL', statusCode: 407 });
  });

  it.each([
    ['timed out', false],
    ["was aborted by the caller's signal", true],
  ])('a CONNECT answered only after the call %s: the request is never sent', async (_, bySignal) => {
    const callOptions = bySignal ? { signal: AbortSignal.timeout(100) } : {};
    const proxy = await failingProxy('hold');
    const served = createHttpServer(whoAsked);
    const servedHost = await listening(served);
    onTestFinished(() => {
      served.closeAllConnections();
      served.close();
    });
    const client = createJourneyClient({
      baseUrl: `http://${servedHost}/v2/`,
      auth: staticToken('t'),
      dispatcher: pool(proxy.url),
      timeoutMs: bySignal ? 30_000 : 200,
      retry: { limit: 0 },
    });
    const error = await client.fetchState({ instanceId: 'a'.repeat(32) }, callOptions).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ name: 'TimeoutError' });
    // The proxy opens the tunnel now: an attempt the caller was told ended must not go through it.
    const [socket] = proxy.held;
    if (!socket) throw new Error('the CONNECT never reached the proxy');
    const upstream = createConnection(Number(servedHost.split(':')[1]), '127.0.0.1');
    socket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
    socket.pipe(upstream).pipe(socket);
    expect(await arrivesWithin(served, 'request', 500)).toBe(false);
  });
});
