import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ClientOptionsError, DeadlineExceededError, JourneyApiError } from '@journey-bridge/client';
import { CutoverOptionsError, StoreKeyMismatchError } from '@journey-bridge/cutover';
import { CompareCommandError, runCompareCommand } from './compare-command.js';
import { resolveConfig, ShimConfigError } from './config.js';
import { authFrom, DialectCommandError, runDialectCommand } from './dialect-command.js';
import { ShimError } from './errors/shim-error.js';
import { createLogger, startShim } from './server.js';
import { SETTINGS, type SettingKey } from './settings.js';
import { StoreUnreachableError } from './shared-stores.js';
import { withoutPassword } from './without-password.js';

/** Defaults shown in the help, where a setting has one. */
const DEFAULTS: Partial<Record<SettingKey, string>> = {
  port: '8080',
  host: '127.0.0.1',
  authUrl: "the upstream's origin",
  delivery: 'api',
  interactionAuth: 'auto',
  logLevel: 'info',
  bodyLimitBytes: '10485760',
  bufferLimitBytes: '268435456',
  responseLimitBytes: '67108864',
  timeoutMs: '30000',
  syncStartTimeoutMs: '30000',
  shutdownTimeoutMs: '10000',
};
/** Required settings, and when one may be left out. */
const REQUIRED: Partial<Record<SettingKey, string>> = { upstream: 'required', journeyMap: 'required unless --cutover names the mappings' };

const settingLines = (Object.keys(SETTINGS) as SettingKey[]).map((key) => {
  const { flag, env, expects } = SETTINGS[key];
  const tail = REQUIRED[key] ?? (DEFAULTS[key] ? `default ${DEFAULTS[key]}` : 'optional');
  return `  --${flag} (env ${env}, config "${key}"; ${tail})\n      ${expects}`;
});

/** Where the docs are read: the npm package ships no docs folder. */
const DOCS = 'https://github.com/journey-bridge/journey-bridge/blob/main/docs';

const DIALECT_USAGE = `Usage: journey-bridge dialect [options]

Reads v1 state answers of one journey (saved files, or a live state fetch) and prints the journey-map entry that
makes journey-bridge answer in the same shape as that v1 journey did; what it could not infer goes to stderr.

  --state FILE          a saved v1 state/fetch answer (JSON); repeat it: a pending and a decided one tell the most
  --instance ID         fetch the state of this instance live, from --v1-base with the credentials below
  --v1-base URL         the v1 base URL, e.g. https://eu.<platform host>/captain/api/
  --token T             a bearer token for the live fetch, or:
  --client-id ID --client-secret S [--scope S]            client credentials
  --client-id ID --username U --password P [--scope S]    the password grant
  --v1 ID --v2 ID       the v1 resourceId and its v2 replacement: print a journey-map entry, not the dialect alone
  --out FILE|-          write the JSON here instead of stdout (- for stdout)
  -h, --help            this help
The result is JSON (on stdout, or in --out); what could not be inferred goes to stderr as "note:" lines.
Exit codes: 0 printed, 1 the live fetch failed, 2 bad usage or unreadable input.
Docs: ${DOCS}/shim.md`;

const COMPARE_USAGE = `Usage: journey-bridge compare FILE|- [options]

Reads the pair records a cutover published (JSON lines; - reads them from standard input) and prints the
report: pairs by result per mapping, consistency, error rates and p50/p99 latency per side, pairs per stage, and
the most frequent mismatching fields with examples.

  --json                print the report as one JSON object instead of text
  --html OUT|-          also write the report as one self-contained HTML page, with consistency over time
                        (- prints the page on stdout instead of the text report)
  --fail-under PERCENT  least consistency that exits 0 (default 100: any mismatch exits 1)
  --learn               print the v1 flow keys learned from the records' outcomes (a cutover run with
                        recordOutcomes) as journey-map entries (JSON), with the evidence on stderr
  --journey-map FILE    with --learn: print this journey map back with the learned flow keys merged in
  --cutover FILE        with --learn: the cutover file the records were written under, which gives the v1 id of
                        each mapping name the records carry (needed when a mapping's name is not its v1 id)
  -h, --help            this help
Exit codes: 0 consistent (at or above --fail-under) or, with --learn, a flow key learned; 1 below it, no pair
with both outcomes, or with --learn nothing learned; 2 bad usage or unreadable input.
Docs: ${DOCS}/cutover.md`;

const USAGE = `Usage: journey-bridge serve [options]
       journey-bridge dialect [options]   (journey-bridge dialect --help)
       journey-bridge compare FILE        (journey-bridge compare --help)

Serves the v1 journey paths (/captain/api/journey/...) over v2 journeys, and passes /v2/captain/* and the token
paths to the upstream unchanged: point a legacy app's base URL here and its v1 calls run on v2.

Every setting can be given as a flag, an environment variable or a key of the --config file; flags win over
variables, which win over the file.
${settingLines.join('\n')}
  --config FILE  a JSON file with any of the keys above
  -h, --help     this help
  -v, --version  the version

Endpoints: /healthz (liveness), /readyz (upstream reachable), /metrics (Prometheus), and with --cutover and
--control-secret, POST /cutover/kill (the kill switch; SIGUSR2 pulls it too).

SIGTERM or SIGINT: finish in-flight requests (up to the shutdown timeout; those still waiting then are answered
504, a start saying its journey may have been created, or 503 when nothing was sent) and exit 0. Run the binary itself under
a process manager or in a container, not through \`pnpm\` or \`npm run\`, which do not pass SIGTERM on.
Exit codes: 0 stopped by a signal (or --help, --version), 1 cannot listen or cannot use the shared store, 2 bad usage
or configuration.
Docs: ${DOCS}/shim.md`;

/** Where `main` writes and what it reads: the process's own when run as `journey-bridge`, a test's in-process. */
export interface CliIo {
  /** JSON log lines. */
  readonly stdout: { write(text: string): unknown };
  /** Status and problems, for people. */
  readonly stderr: { write(text: string): unknown };
  /** Read for the `JOURNEY_BRIDGE_*` variables. @default process.env */
  readonly env?: NodeJS.ProcessEnv;
  /** Where relative paths given as flags or variables are resolved. @default process.cwd() */
  readonly cwd?: string;
  /** What `compare -` reads. @default process.stdin */
  readonly stdin?: AsyncIterable<Buffer | string>;
}

/** A shim `main` started: it serves until `stop`. */
export interface RunningCli {
  readonly url: string;
  /** Logs why it stops, finishes in-flight requests (up to the shutdown timeout), and resolves with the exit code (0). */
  stop(reason: string): Promise<number>;
}

/** A usage or configuration problem: exit code 2. */
class UsageError extends ShimError {
  override name = 'UsageError';
}

const COMMON_OPTIONS = { help: { type: 'boolean', short: 'h' }, version: { type: 'boolean', short: 'v' } } as const;
const SERVE_OPTIONS = {
  ...Object.fromEntries(Object.values(SETTINGS).map(({ flag }) => [flag, { type: 'string' as const }])),
  config: { type: 'string' },
  ...COMMON_OPTIONS,
} as const;
const DIALECT_OPTIONS = {
  state: { type: 'string', multiple: true },
  ...Object.fromEntries(
    ['instance', 'v1-base', 'token', 'client-id', 'client-secret', 'username', 'password', 'scope', 'v1', 'v2', 'out'].map((name) => [
      name,
      { type: 'string' as const },
    ]),
  ),
  ...COMMON_OPTIONS,
} as const;

const COMPARE_OPTIONS = {
  json: { type: 'boolean' },
  html: { type: 'string' },
  'fail-under': { type: 'string' },
  learn: { type: 'boolean' },
  'journey-map': { type: 'string' },
  cutover: { type: 'string' },
  ...COMMON_OPTIONS,
} as const;
const OPTIONS_OF: Readonly<Record<string, typeof SERVE_OPTIONS | typeof DIALECT_OPTIONS | typeof COMPARE_OPTIONS>> = {
  dialect: DIALECT_OPTIONS,
  compare: COMPARE_OPTIONS,
};
const USAGE_OF: Readonly<Record<string, string>> = { dialect: DIALECT_USAGE, compare: COMPARE_USAGE };

function parse(argv: readonly string[]) {
  const options = OPTIONS_OF[argv.find((arg) => !arg.startsWith('-')) ?? ''] ?? SERVE_OPTIONS;
  try {
    const parsed = parseArgs({ args: [...argv], allowPositionals: true, strict: true, options });
    return { ...parsed, values: parsed.values as Record<string, string | boolean | string[] | undefined> };
  } catch (error) {
    // node's advice on passing a positional that starts with '-' is wrong for a misspelt flag (and its quote is
    // unbalanced): the option alone, as journey-sim says it.
    throw new UsageError((error as Error).message.replace(/\. To specify a positional argument starting with a '-'.*$/s, ''));
  }
}

/** Runs `journey-bridge` with `argv` (the arguments after the command): an exit code, or the running shim. */
export async function main(argv: readonly string[], io: CliIo): Promise<number | RunningCli> {
  try {
    return await run(argv, io);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    // The help of the command that was run: serve, dialect and compare take different options.
    // Without a known command, the general help, which lists all three.
    const command = argv.find((arg) => !arg.startsWith('-'));
    const help = command && ['serve', 'dialect', 'compare'].includes(command) ? `${command} --help` : '--help';
    // One problem a line (every missing setting, say), each with the prefix.
    const lines = error.message.split('\n').map((line) => `journey-bridge: ${line}\n`);
    io.stderr.write(`${lines.join('')}Run journey-bridge ${help} for the options.\n`);
    return 2;
  }
}

async function run(argv: readonly string[], io: CliIo): Promise<number | RunningCli> {
  const { values, positionals } = parse(argv);
  if (values.version) {
    const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
    io.stdout.write(`journey-bridge ${version}\n`);
    return 0;
  }
  if (values.help) {
    io.stdout.write(`${USAGE_OF[positionals[0] ?? ''] ?? USAGE}\n`);
    return 0;
  }
  if (positionals.length === 0) throw new UsageError('give a command: serve, dialect or compare');
  // Paths are taken from where the command was run: `pnpm journey-bridge` runs in the tool's repository.
  const cwd = io.cwd ?? process.cwd();
  const path = (given: unknown) => (typeof given === 'string' && given !== '-' ? resolve(cwd, given) : (given as string | undefined));
  if (positionals[0] === 'dialect' && positionals.length === 1)
    return dialect(
      { ...values, state: (values.state as string[] | undefined)?.map((state) => resolve(cwd, state)), out: path(values.out) },
      io,
    );
  if (positionals[0] === 'compare')
    return compare(
      positionals.slice(1).map(path) as string[],
      { ...values, html: path(values.html), 'journey-map': path(values['journey-map']), cutover: path(values.cutover) },
      io,
    );
  if (positionals[0] !== 'serve' || positionals.length > 1)
    throw new UsageError(`unknown command ${JSON.stringify(positionals.join(' '))}: the commands are "serve", "dialect" and "compare"`);

  const flags = Object.fromEntries(
    (Object.keys(SETTINGS) as SettingKey[]).map((key) => [key, values[SETTINGS[key].flag] as string | undefined]),
  );
  const config = await resolveConfig(flags, io.env ?? process.env, values.config as string | undefined, io.cwd).catch((error: Error) => {
    throw new UsageError(error instanceof ShimConfigError ? error.message : `cannot start: ${error.message}`);
  });

  const logger = createLogger(config.logLevel, io.stdout);
  let running: Awaited<ReturnType<typeof startShim>>;
  try {
    running = await startShim(config, { logger });
  } catch (error) {
    // A cutover the library refuses is a setting with a wrong value, as the config checks would have said.
    if (error instanceof CutoverOptionsError) throw new UsageError(`the cutover file: ${error.message}`);
    // A setting with a wrong value too: the store key, which every replica sharing the store must be given alike.
    if (error instanceof StoreKeyMismatchError) throw new UsageError(`storeKey is not the store's: ${error.message}`);
    // Not a usage problem: the shared store cannot be reached or refused us, or the address is taken or not this host's.
    if (error instanceof StoreUnreachableError) io.stderr.write(`journey-bridge: ${error.message}\n`);
    else io.stderr.write(`journey-bridge: cannot listen on ${config.host}:${config.port}: ${(error as Error).message}\n`);
    return 1;
  }
  // Status for people on stderr; stdout carries only the JSON log lines.
  io.stderr.write(`journey-bridge listening on ${running.url}\n`);
  return {
    url: running.url,
    async stop(reason) {
      logger.info({ signal: reason }, 'stopping: finishing in-flight requests');
      await running.close();
      logger.info('stopped');
      return 0;
    },
  };
}

/** `journey-bridge dialect`: 0 printed, 2 bad usage or unreadable input, 1 the live fetch failed. */
async function dialect(values: Record<string, string | boolean | string[] | undefined>, io: CliIo): Promise<number> {
  const text = (name: string) => (typeof values[name] === 'string' ? (values[name] as string) : undefined);
  const instanceId = text('instance');
  const v1Base = text('v1-base');
  if ((instanceId === undefined) !== (v1Base === undefined)) throw new UsageError('a live fetch needs both --instance and --v1-base');
  if (v1Base !== undefined && !(URL.canParse(v1Base) && /^https?:$/.test(new URL(v1Base).protocol)))
    throw new UsageError(`--v1-base must be an absolute http(s) URL, got ${JSON.stringify(withoutPassword(v1Base))}`);
  try {
    const notes = await runDialectCommand(
      {
        states: (values.state as string[] | undefined) ?? [],
        ...(instanceId &&
          v1Base && {
            live: { instanceId, v1Base, auth: authFrom(Object.fromEntries(Object.keys(values).map((name) => [name, text(name)]))) },
          }),
        v1: text('v1'),
        v2: text('v2'),
        out: text('out'),
      },
      io.stdout,
    );
    for (const note of notes) io.stderr.write(`note: ${note}\n`);
    return 0;
  } catch (error) {
    if (error instanceof DialectCommandError) throw new UsageError(error.message);
    // The live fetch's client refused the base (user information, a query): a bad --v1-base, not a failed fetch.
    // Not quoted: a query may hold a key as a password does.
    if (error instanceof ClientOptionsError) throw new UsageError(`--v1-base cannot be sent to: ${error.message}`);
    if (error instanceof JourneyApiError || error instanceof DeadlineExceededError) {
      io.stderr.write(`journey-bridge: the live state fetch failed: ${error.message}\n`);
      return 1;
    }
    throw error;
  }
}

/** `journey-bridge compare FILE`: 0 consistent (or learned), 1 not (or nothing compared or learned), 2 bad usage or unreadable input. */
async function compare(
  files: readonly string[],
  values: Record<string, string | boolean | string[] | undefined>,
  io: CliIo,
): Promise<number> {
  const [file] = files;
  if (file === undefined || files.length > 1) throw new UsageError('compare takes one report file: journey-bridge compare FILE');
  const given = values['fail-under'] as string | undefined;
  const failUnder = given === undefined ? 100 : Number(given);
  // Decimal only: Number() also reads `0x10` as 16 and `1e1` as 10, which no one means by a percentage.
  if ((given !== undefined && !/^\s*\d+(\.\d+)?\s*$/.test(given)) || failUnder < 0 || failUnder > 100)
    throw new UsageError(`--fail-under expects a percentage from 0 to 100, got ${JSON.stringify(given)}`);
  if (values['journey-map'] !== undefined && !values.learn) throw new UsageError('--journey-map goes with --learn');
  if (values.cutover !== undefined && !values.learn) throw new UsageError('--cutover goes with --learn');
  if (values.learn && values.html !== undefined) throw new UsageError('--html goes with the report, not --learn');
  if (values.json && values.html === '-') throw new UsageError('--json and --html - both print on stdout: give --html a file');
  try {
    return await runCompareCommand(
      {
        file,
        html: values.html as string | undefined,
        json: values.json === true,
        failUnder,
        learn: values.learn === true,
        journeyMap: values['journey-map'] as string | undefined,
        cutover: values.cutover as string | undefined,
      },
      io,
    );
  } catch (error) {
    if (error instanceof CompareCommandError) throw new UsageError(error.message);
    throw error;
  }
}

/**
 * Runs `journey-bridge` as this process: its arguments, streams and environment, its exit code, and a running shim
 * stopped by SIGTERM or SIGINT. What the binary does, whichever file starts it.
 */
export async function runAsProcess(): Promise<void> {
  // The log goes to stdout: a reader that went away (`journey-bridge serve | head`) must not end the server.
  process.stdout.on('error', () => {});
  // `pnpm journey-bridge` runs in the tool's repository: the user's paths are relative to where pnpm was started.
  const started = process.env.npm_lifecycle_event === 'journey-bridge' ? process.env.INIT_CWD : undefined;
  const io = { stdout: process.stdout, stderr: process.stderr, env: process.env, ...(started && { cwd: started }) };
  const result = await main(process.argv.slice(2), io);
  if (typeof result === 'number') process.exitCode = result;
  else {
    // Safe although the URL is already printed: no signal is handled before this same turn of the event loop ends.
    for (const signal of ['SIGTERM', 'SIGINT'] as const) {
      process.once(signal, () => void result.stop(signal).then(process.exit, (error: unknown) => stopFailed(error)));
    }
  }
}

/** A stop that failed (a store that would not close, say): said by name, without a stack, exit 1. */
function stopFailed(error: unknown): never {
  process.stderr.write(`journey-bridge: stopping failed: ${error instanceof Error ? error.name : 'unknown error'}\n`);
  process.exit(1);
}
