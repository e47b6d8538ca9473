/**
 * The floor any shim stands on: a minimal reverse proxy over node:http that forwards every POST to one upstream
 * URL through a keep-alive pool, with no parsing, validation or mapping. The shim bench runs it beside the shim
 * so that what two loopback hops cost on the machine at hand is measured in the same run.
 *
 * Plain JavaScript, so that it runs without a transform, as the servers it stands beside run as built.
 *
 * Usage: `node bench/minimal-proxy.mjs <upstream URL>`; prints `listening on <url>`.
 */
import { Agent, createServer, request } from 'node:http';

const upstream = new URL(process.argv[2] ?? '');
const agent = new Agent({ keepAlive: true, maxSockets: 256, maxFreeSockets: 256 });

const server = createServer((incoming, outgoing) => {
  /** @type {Buffer[]} */
  const chunks = [];
  incoming.on('data', (chunk) => chunks.push(chunk));
  incoming.on('end', () => {
    const body = Buffer.concat(chunks);
    const headers = {
      authorization: incoming.headers.authorization ?? '',
      'content-type': 'application/json',
      'content-length': body.byteLength,
    };
    const forwarded = request(upstream, { method: 'POST', headers, agent }, (answer) => {
      /** @type {Buffer[]} */
      const answerChunks = [];
      answer.on('data', (chunk) => answerChunks.push(chunk));
      answer.on('end', () => {
        const answerBody = Buffer.concat(answerChunks);
        outgoing.writeHead(answer.statusCode ?? 502, { 'content-type': 'application/json', 'content-length': answerBody.byteLength });
        outgoing.end(answerBody);
      });
    });
    forwarded.on('error', () => outgoing.writeHead(503).end());
    forwarded.end(body);
  });
});

server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`listening on http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (server.address()).port}\n`);
});
process.once('SIGTERM', () => server.close(() => process.exit(0)));
