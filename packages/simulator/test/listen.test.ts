import { once } from 'node:events';
import { connect, type Socket } from 'node:net';
import { expect, it } from 'vitest';
import { createSimulator, loadJourneys } from '../src/index.js';
import { IDS, JOURNEYS_DIR, SUBJECTS } from './harness.js';

async function opened(port: number): Promise<Socket> {
  const socket = connect(port, '127.0.0.1');
  await once(socket, 'connect');
  return socket;
}

it('close ends connections that never sent a byte (browsers open some ahead), and lets a request under way finish', async () => {
  const sim = createSimulator({ journeys: await loadJourneys(JOURNEYS_DIR), clock: { manual: true } });
  const running = await sim.listen();
  const port = Number(new URL(running.url).port);
  const unused = await opened(port);
  const busy = await opened(port);
  const answer: Buffer[] = [];
  busy.on('data', (chunk: Buffer) => answer.push(chunk));
  // A synchronous v1 start answers once its modules have run: on a manual clock, not before the clock moves.
  const body = JSON.stringify({ resourceId: IDS.dataCheckV1, context: { subject: SUBJECTS.person } });
  busy.write(
    `POST /eu/captain/api/journey/start HTTP/1.1\r\nHost: sim\r\nAuthorization: Bearer ${sim.issueToken()}\r\n` +
      `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
  await expect.poll(() => sim.core.engine.size).toBe(1);

  const closing = running.close();
  await once(unused, 'close');
  expect(busy.destroyed).toBe(false);
  expect(answer).toEqual([]);
  const ended = once(busy, 'end');
  sim.core.clock.advance(1200);
  await Promise.all([closing, ended]);
  expect(Buffer.concat(answer).toString('latin1')).toMatch(/^HTTP\/1\.1 201 Created\r\n[\s\S]*"status":"Completed"/);
});
