import { readFileSync } from 'node:fs';
import { clientCredentials, createJourneyClient, type Logger } from '@journey-bridge/client';
import { bundledJourneysDir, createSimulator, loadJourneys } from '@journey-bridge/simulator';
import pino from 'pino';
import { describe, expect, it } from 'vitest';

/**
 * The client calls its logger `(message, fields)`; pino reads `(fields, message)`. Here, with pino (a dependency of
 * this package, not of the client's), the adapter docs/client.md shows, line for line.
 */

const CLIENT_DOC = readFileSync(new URL('../../../docs/client.md', import.meta.url), 'utf8');

/** The adapter's lines as docs/client.md gives them; the test below builds the same adapter. */
const ADAPTER_LINES = [
  "const log = pino({ level: 'debug' });",
  'error: (message, fields) => log.error(fields, message),',
  'warn: (message, fields) => log.warn(fields, message),',
  'info: (message, fields) => log.info(fields, message),',
  'debug: (message, fields) => log.debug(fields, message),',
];

/** pino at `level`, its JSON lines parsed into `lines`. */
function capturedPino(level: string) {
  const lines: Record<string, unknown>[] = [];
  const log = pino({ level }, { write: (line: string) => lines.push(JSON.parse(line)) });
  return { log, lines };
}

/** One state fetch of an unknown instance: one successful token request, one 404 attempt. */
async function fetchUnknownState(logger: Logger): Promise<void> {
  const sim = createSimulator({ journeys: await loadJourneys(bundledJourneysDir), clock: { manual: true } });
  const client = createJourneyClient({
    baseUrl: 'http://sim.test/eu/v2/captain/',
    auth: clientCredentials({ clientId: 'demo-client', clientSecret: 'demo-secret' }),
    fetch: sim.fetch,
    logger,
    logLevel: 'debug',
  });
  await expect(client.fetchState({ instanceId: 'f'.repeat(32) })).rejects.toMatchObject({ status: 404 });
}

describe("the client's log lines through pino", () => {
  it('docs/client.md shows the adapter this test uses', () => {
    for (const line of ADAPTER_LINES) expect(CLIENT_DOC).toContain(line);
  });

  it('through the adapter, every line keeps its fields, debug lines included', async () => {
    const { log, lines } = capturedPino('debug');
    const logger: Logger = {
      error: (message, fields) => log.error(fields, message),
      warn: (message, fields) => log.warn(fields, message),
      info: (message, fields) => log.info(fields, message),
      debug: (message, fields) => log.debug(fields, message),
    };

    await fetchUnknownState(logger);

    const token = lines.find((line) => line.path === 'as/token.oauth2');
    const state = lines.find((line) => line.path === 'journey/state/fetch');
    expect(token).toMatchObject({ level: 20, method: 'POST', status: 200, attempt: 1, msg: expect.stringMatching(/^POST as\/token/) });
    expect(state).toMatchObject({ level: 40, method: 'POST', status: 404, attempt: 1, requestId: expect.any(String) });
    expect(state?.msg).toMatch(/^POST journey\/state\/fetch 404 [\d.]+ms attempt 1 \[request .+\]$/);
    expect(state).toHaveProperty('request');
  });

  it('given as it is, pino keeps the message and drops the fields; at its default level, the debug lines too', async () => {
    const { log, lines } = capturedPino('info');

    await fetchUnknownState(log as unknown as Logger);

    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 40, msg: expect.stringMatching(/^POST journey\/state\/fetch 404 /) });
    expect(lines[0]).not.toHaveProperty('path');
  });
});
