#!/usr/bin/env node
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Region } from '@journey-bridge/contract';
import { DEMO_CLIENTS } from './auth.js';
import { loadClients } from './clients-file.js';
import { JourneyDefinitionError, loadJourneys } from './journey-definition.js';
import { createSimulator } from './simulator.js';

const DEFAULT_JOURNEYS = fileURLToPath(new URL('../../../test-fixtures/journeys', import.meta.url));

const USAGE = `Usage: journey-sim [options]

Runs the journey verification platform simulator (v1, v2, tokens, control plane under /__sim/).

Options:
  --port N               port to listen on (default 4010; 0 picks a free one)
  --host H               address to bind (default 127.0.0.1)
  --journeys DIR         directory of journey definition files (default: the bundled test fixtures)
  --clients FILE         JSON array of API clients: [{ clientId, clientSecret, permissions?, users? }]
                         (default: demo-client/demo-secret and read-only-client/read-only-secret)
  --seed N               seed of ids and fault draws (default 1)
  --time-scale X         virtual milliseconds per real millisecond (default 1)
  --manual-clock         time moves only through POST /__sim/clock/advance
  --token-expires-in S   access token lifetime in seconds (default 3600)
  --region R             region of requests that name none: eu, us or au (default eu)
  -h, --help             show this help`;

function fail(message: string): never {
  process.stderr.write(`journey-sim: ${message}\n\n${USAGE}\n`);
  process.exit(2);
}

function number(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed < 0) fail(`--${name} must be a non-negative number, got ${JSON.stringify(value)}`);
  return parsed;
}

function parseOptions() {
  try {
    return parseArgs({
      options: {
        port: { type: 'string' },
        host: { type: 'string', default: '127.0.0.1' },
        journeys: { type: 'string', default: DEFAULT_JOURNEYS },
        clients: { type: 'string' },
        seed: { type: 'string' },
        'time-scale': { type: 'string' },
        'manual-clock': { type: 'boolean', default: false },
        'token-expires-in': { type: 'string' },
        region: { type: 'string', default: 'eu' },
        help: { type: 'boolean', short: 'h', default: false },
      },
      strict: true,
    }).values;
  } catch (error) {
    return fail((error as Error).message);
  }
}

async function main(): Promise<void> {
  // A reader that went away (`journey-sim | head`) must not turn a clean stop into a crash.
  process.stdout.on('error', () => {});
  const values = parseOptions();
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const region = Region.safeParse(values.region);
  if (!region.success) fail(`--region must be eu, us or au, got ${JSON.stringify(values.region)}`);
  const scale = number(values['time-scale'], 'time-scale', 1);
  if (scale === 0) fail('--time-scale must be greater than 0');
  const tokenExpiresIn = number(values['token-expires-in'], 'token-expires-in', 3600);
  if (!Number.isInteger(tokenExpiresIn) || tokenExpiresIn === 0) fail('--token-expires-in must be a positive whole number');

  const journeys = await loadJourneys(values.journeys).catch((error: Error) =>
    fail(error instanceof JourneyDefinitionError ? error.message : `cannot read journeys from ${values.journeys}: ${error.message}`),
  );
  const clients = values.clients ? await loadClients(values.clients).catch((error: Error) => fail(error.message)) : DEMO_CLIENTS;
  const simulator = createSimulator({
    journeys,
    clients,
    seed: number(values.seed, 'seed', 1),
    clock: { scale, manual: values['manual-clock'] },
    tokenExpiresIn,
    defaultRegion: region.data,
  });
  const port = number(values.port, 'port', 4010);
  const running = await simulator.listen({ port, host: values.host }).catch((error: Error) => {
    process.stderr.write(`journey-sim: cannot listen on ${values.host}:${port}: ${error.message}\n`);
    process.exit(1);
  });
  // Handlers go in before the URL is printed: whoever reads the URL may signal at once.
  const stop = async (signal: string) => {
    process.stdout.write(`journey-sim: ${signal} received, stopping\n`);
    await running.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));

  const demo = clients[0];
  process.stdout.write(
    [
      `journey-sim listening on ${running.url}`,
      `  v2 base      ${running.url}/eu/v2/captain/  (also /us/, /au/)`,
      `  v1 base      ${running.url}/eu/captain/api/`,
      `  token        ${running.url}/as/token.oauth2`,
      `  control      ${running.url}/__sim/`,
      // The demo client's secret is public; secrets from a clients file are never printed.
      values.clients
        ? `  clients      ${clients.map((client) => client.clientId).join(', ')}`
        : `  demo client  client_id=${demo?.clientId} client_secret=${demo?.clientSecret}`,
      `  journeys     ${journeys.map((journey) => `${journey.id} (${journey.region})`).join(', ')}`,
      '',
    ].join('\n'),
  );
}

await main();
