import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { Region, TOKEN_PATHS } from '@journey-bridge/contract';
import { DEMO_CLIENTS } from './auth.js';
import { bundledJourneysDir } from './bundled-journeys.js';
import { loadClients } from './clients-file.js';
import { MAX_CLOCK_SCALE } from './clock.js';
import { SimulatorError } from './errors/simulator-error.js';
import { JourneyDefinitionError, loadJourneys } from './journey-definition.js';
import { createSimulator, type RunningSimulator, type Simulator } from './simulator.js';
import { SCOPE_TOKEN } from './simulator-core.js';

const USAGE = `Usage: journey-sim [options]

Runs the journey verification platform simulator (v1, v2, tokens, control plane under /__sim/).

Options:
  --port N               port to listen on (default 4010; 0 picks a free one)
  --host H               address to bind (default 127.0.0.1)
  --journeys DIR         directory of journey definition files (default: the journeys this package ships)
  --clients FILE         JSON array of API clients: [{ clientId, clientSecret, permissions?, users? }]
                         (default: demo-client/demo-secret and read-only-client/read-only-secret)
  --seed N               seed of ids and fault draws (default 1)
  --time-scale X         virtual milliseconds per real millisecond, at most 1e6 (default 1)
  --manual-clock         time moves only through POST /__sim/clock/advance
  --token-expires-in S   access token lifetime in seconds (default 3600)
  --scopes LIST          comma-separated scopes the token endpoints grant, the first by default
                         (default svc.token,gbg.token,openid: a production v1 caller asks for openid)
  --region R             region of requests that name none: eu, us or au (default eu)
  -h, --help             show this help
  -v, --version          print the version

Stops cleanly on SIGINT or SIGTERM. Exit codes: 0 stopped by a signal (or --help, --version), 1 cannot listen,
2 bad usage or an unreadable journeys directory or clients file.
Docs: https://github.com/journey-bridge/journey-bridge/blob/main/docs/simulator.md`;

/** Where `main` writes: the process's own streams when run as `journey-sim`, a test's buffers in-process. */
export interface CliIo {
  readonly stdout: { write(text: string): unknown };
  readonly stderr: { write(text: string): unknown };
}

/** A simulator `main` started: it serves until `stop`. */
export interface RunningCli {
  readonly url: string;
  /** Prints why it stops, closes the server, and resolves with the exit code (0). */
  stop(reason: string): Promise<number>;
}

/** A usage or input problem: printed with a pointer to the usage, exit code 2. */
class UsageError extends SimulatorError {
  override name = 'UsageError';
}

function number(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  const parsed = Number(value);
  if (value.trim() === '' || !Number.isFinite(parsed) || parsed < 0)
    throw new UsageError(`--${name} must be a non-negative number, got ${JSON.stringify(value)}`);
  return parsed;
}

function port(value: string | undefined): number {
  if (value === undefined) return 4010;
  const parsed = Number(value);
  if (!/^\d+$/.test(value) || parsed > 65535)
    throw new UsageError(`--port must be a whole number from 0 to 65535, got ${JSON.stringify(value)}`);
  return parsed;
}

/** The version in this package's package.json: `../package.json` from `src/cli.ts` and from the built `dist/cli.mjs`. */
function ownVersion(): string {
  return (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version;
}

function parseOptions(argv: readonly string[]) {
  try {
    return parseArgs({
      args: [...argv],
      options: {
        port: { type: 'string' },
        host: { type: 'string', default: '127.0.0.1' },
        journeys: { type: 'string', default: bundledJourneysDir },
        clients: { type: 'string' },
        seed: { type: 'string' },
        'time-scale': { type: 'string' },
        'manual-clock': { type: 'boolean', default: false },
        'token-expires-in': { type: 'string' },
        scopes: { type: 'string' },
        region: { type: 'string', default: 'eu' },
        help: { type: 'boolean', short: 'h', default: false },
        version: { type: 'boolean', short: 'v', default: false },
      },
      strict: true,
    }).values;
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

/** Runs `journey-sim` with `argv` (the arguments after the command): an exit code, or the running simulator. */
export async function main(argv: readonly string[], io: CliIo): Promise<number | RunningCli> {
  try {
    return await serve(argv, io);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.stderr.write(`journey-sim: ${error.message}\nRun journey-sim --help for the options.\n`);
    return 2;
  }
}

async function serve(argv: readonly string[], io: CliIo): Promise<number | RunningCli> {
  const values = parseOptions(argv);
  if (values.help) {
    io.stdout.write(`${USAGE}\n`);
    return 0;
  }
  if (values.version) {
    io.stdout.write(`journey-sim ${ownVersion()}\n`);
    return 0;
  }
  const listenPort = port(values.port);
  const seed = number(values.seed, 'seed', 1);
  if (!Number.isSafeInteger(seed)) throw new UsageError(`--seed must be a whole number, got ${JSON.stringify(values.seed)}`);
  const region = Region.safeParse(values.region);
  if (!region.success) throw new UsageError(`--region must be eu, us or au, got ${JSON.stringify(values.region)}`);
  const scale = number(values['time-scale'], 'time-scale', 1);
  if (!(scale > 0 && scale <= MAX_CLOCK_SCALE))
    throw new UsageError(`--time-scale must be greater than 0 and at most ${MAX_CLOCK_SCALE}, got ${JSON.stringify(values['time-scale'])}`);
  const tokenExpiresIn = number(values['token-expires-in'], 'token-expires-in', 3600);
  if (!Number.isInteger(tokenExpiresIn) || tokenExpiresIn === 0) throw new UsageError('--token-expires-in must be a positive whole number');

  const scopes = values.scopes?.split(',').map((scope) => scope.trim());
  if (scopes?.some((scope) => !SCOPE_TOKEN.test(scope))) {
    throw new UsageError(`--scopes must be a comma-separated list of scope names, got ${JSON.stringify(values.scopes)}`);
  }

  const journeys = await loadJourneys(values.journeys).catch((error: Error) => {
    throw new UsageError(
      error instanceof JourneyDefinitionError ? error.message : `cannot read journeys from ${values.journeys}: ${error.message}`,
    );
  });
  if (journeys.length === 0) throw new UsageError(`no journey definition (*.json) in ${values.journeys}`);
  const clients = values.clients
    ? await loadClients(values.clients).catch((error: Error) => {
        throw new UsageError(error.message);
      })
    : DEMO_CLIENTS;
  let simulator: Simulator;
  try {
    simulator = createSimulator({
      journeys,
      clients,
      seed,
      clock: { scale, manual: values['manual-clock'] },
      tokenExpiresIn,
      ...(scopes && { scopes }),
      defaultRegion: region.data,
    });
  } catch (error) {
    // What the checks above let through and the simulator refuses: two journeys of one version, a huge scale.
    if (!(error instanceof SimulatorError)) throw error;
    throw new UsageError(error.message);
  }
  let running: RunningSimulator;
  try {
    running = await simulator.listen({ port: listenPort, host: values.host });
  } catch (error) {
    io.stderr.write(`journey-sim: cannot listen on ${values.host}:${listenPort}: ${(error as Error).message}\n`);
    return 1;
  }

  const demo = clients[0];
  const demoUser = demo?.users?.[0];
  io.stdout.write(
    [
      `journey-sim listening on ${running.url}`,
      `  v2 base      ${running.url}/eu/v2/captain/  (also /us/, /au/)`,
      `  v1 base      ${running.url}/eu/captain/api/`,
      `  token        ${running.url}/as/token.oauth2  (also ${TOKEN_PATHS.keycloak})`,
      `  scopes       ${simulator.core.options.scopes.join(', ')}`,
      `  control      ${running.url}/__sim/`,
      // The demo client's secret and user are public; secrets and passwords from a clients file are never printed.
      ...(values.clients
        ? [`  clients      ${clients.map((client) => client.clientId).join(', ')}`]
        : [
            `  demo client  client_id=${demo?.clientId} client_secret=${demo?.clientSecret}`,
            `  demo user    username=${demoUser?.username} password=${demoUser?.password}  (password grant)`,
          ]),
      `  journeys     ${journeys.map((journey) => `${journey.id} (${journey.region})`).join(', ')}`,
      '',
    ].join('\n'),
  );
  return {
    url: running.url,
    async stop(reason) {
      io.stdout.write(`journey-sim: ${reason} received, stopping\n`);
      await running.close();
      return 0;
    },
  };
}

/** Runs `journey-sim` as this process, as its binary does: the exit code set, SIGINT and SIGTERM stopping the server. */
export async function runAsProcess(): Promise<void> {
  // A reader that went away (`journey-sim | head`) must not turn a clean stop into a crash.
  process.stdout.on('error', () => {});
  const result = await main(process.argv.slice(2), process);
  if (typeof result === 'number') process.exitCode = result;
  else {
    // Safe although the URL is already printed: no signal is handled before this same turn of the event loop ends.
    for (const signal of ['SIGINT', 'SIGTERM'] as const) {
      process.once(
        signal,
        () =>
          void result.stop(signal).then(process.exit, (error: unknown) => {
            process.stderr.write(`journey-sim: stopping failed: ${error instanceof Error ? error.name : 'unknown error'}\n`);
            process.exit(1);
          }),
      );
    }
  }
}
