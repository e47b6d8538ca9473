import { readFileSync } from 'node:fs';
import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { TLSSocket } from 'node:tls';
import { createProxy } from 'proxy';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConnectionError, createDispatcher, createFetch, createJourneyClient, type HttpOptions, staticToken } from '../src/index.js';
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
