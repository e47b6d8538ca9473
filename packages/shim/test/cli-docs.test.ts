import { readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { createRedisStore } from '@journey-bridge/cutover';
import { bundledJourneysDir, createSimulator, loadJourneys } from '@journey-bridge/simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLOSED_PORT } from '../../../test/support/closed-port.js';
import { commitAll } from '../../../test/support/git.js';
import { main as codemodMain } from '../../codemod/src/cli.js';
import { redisAvailable, startRedis } from '../../cutover/test/redis-server.js';
import { main as simulatorMain } from '../../simulator/src/cli.js';
import { main as shimMain } from '../src/cli.js';
import { CutoverFile } from '../src/cutover-config.js';
import { removeTempDirs, tempDir } from './shim-cli.js';

/**
 * Every row of every "Exit codes" table in the docs of the three binaries, run: each row has a case here that
 * makes the binary's `main` (in this process) end with the row's code and print its example message. A row
 * without a case, or a case without a row, fails the suite, so the docs and the binaries cannot drift apart.
 */

const DOCS = ['simulator.md', 'shim.md', 'cutover.md', 'codemod.md'];
const HEADER = '| command | code | meaning | example message |';

/** One row of an exit codes table. */
interface Row {
  readonly doc: string;
  readonly command: string;
  readonly code: number;
  readonly meaning: string;
  /** The message, `<placeholders>` standing for what varies. */
  readonly example: string;
}

/** The cells of a table line: split on pipes that are not escaped (`\|` is a pipe inside a cell). */
const cells = (line: string) =>
  line
    .trim()
    .replace(/^\||\|$/g, '')
    .split(/(?<!\\)\|/)
    .map((cell) => cell.trim().replaceAll('\\|', '|'));
const unquote = (cell: string) => cell.replace(/^`(.*)`$/, '$1');

function rowsOf(doc: string): Row[] {
  const lines = readFileSync(new URL(`../../../docs/${doc}`, import.meta.url), 'utf8').split('\n');
  const rows: Row[] = [];
  lines.forEach((line, index) => {
    if (line.trim() !== HEADER) return;
    for (const row of lines.slice(index + 2)) {
      if (!row.trim().startsWith('|')) break;
      const [command = '', code = '', meaning = '', example = ''] = cells(row);
      rows.push({ doc, command: unquote(command), code: Number(code), meaning, example: unquote(example) });
    }
  });
  return rows;
}

const ROWS = DOCS.flatMap(rowsOf);
const keyOf = (row: Pick<Row, 'command' | 'code' | 'meaning'>) => `${row.command}: ${row.code} ${row.meaning}`;

/** The example as a pattern: its text literally, each `<placeholder>` any text on the same line. */
function patternOf(example: string): RegExp {
  const parts = example.split(/<[a-z][a-z ]*>/);
  return new RegExp(parts.map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('[^\\n]*?'));
}

/** What a case runs: the arguments after the binary's name, and what it runs with. */
interface Invocation {
  readonly argv: readonly string[];
  readonly env?: NodeJS.ProcessEnv;
  readonly cwd?: string;
  /** Undoes what the case set up, once the binary has ended. */
  readonly cleanup?: () => Promise<unknown>;
}

interface Outcome {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs a binary's `main` in this process; one that serves is stopped as SIGTERM would stop it. */
async function run(binary: string, { argv, env = {}, cwd }: Invocation): Promise<Outcome> {
  let stdout = '';
  let stderr = '';
  const io = { stdout: { write: (text: string) => (stdout += text) }, stderr: { write: (text: string) => (stderr += text) } };
  const result =
    binary === 'journey-sim'
      ? await simulatorMain(argv, io)
      : binary === 'journey-bridge'
        ? await shimMain(argv, { ...io, env })
        : await codemodMain(argv, { ...io, ...(cwd && { cwd }) });
  const code = typeof result === 'number' ? result : await result.stop('SIGTERM');
  return { code, stdout, stderr };
}

/** A port something listens on, for the cases that cannot listen. */
async function takenPort(): Promise<{ port: string; cleanup: () => Promise<unknown> }> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = String(typeof address === 'object' && address ? address.port : 0);
  return { port, cleanup: () => new Promise((resolve) => server.close(resolve)) };
}

async function fileWith(name: string, content: string): Promise<string> {
  const path = join(await tempDir(), name);
  await writeFile(path, content);
  return path;
}

const MAP = JSON.stringify({ 'a1d7c3f0data-check-v1': 'b2e8d4a1data-check-v2' });
const SERVE = ['serve', '--upstream', 'eu', '--journey-map', MAP];
const CUTOVER = JSON.stringify({
  v1Upstream: 'http://127.0.0.1:4010/eu/captain/api/',
  mappings: [{ v1: 'a1d7c3f0data-check-v1', v2: 'b2e8d4a1data-check-v2', stage: { kind: 'shadow', sample: 0.5 } }],
});
const STORE_KEY = Buffer.alloc(32, 7).toString('base64');

/** A pair record as a cutover publishes it; a mismatch differs on one module's outcome. */
const record = (result: 'match' | 'mismatch' | 'error' | 'timeout') =>
  JSON.stringify({
    mapping: 'a1d7c3f0data-check-v1',
    stage: 'shadow',
    primary: 'v1',
    v1Instance: 'a'.repeat(16),
    v2Instance: 'b'.repeat(32),
    result,
    differences: result === 'match' ? [] : [{ module: 'identity-check', field: 'outcome', v1: 'Partial Match', v2: 'No Match' }],
    latencyMs: { v1: 900, v2: 850 },
    at: '2026-03-02T09:00:00Z',
  });

/** A matching pair record with both normal outcomes, the v2 side's module under its step nodeId. */
const recordWithOutcomes = (() => {
  const outcome = (key: string) => ({
    status: 'completed',
    decision: 'Accept',
    modules: { [key]: { outcome: 'Match', classification: 'positive' } },
    advice: {},
  });
  return JSON.stringify({ ...JSON.parse(record('match')), outcomes: { v1: outcome('kyc-eu-v3'), v2: outcome('identity-check') } });
})();

const V1_CALL = `import axios from 'axios';

export async function tasks(instanceId: string) {
  return axios.post('https://eu.platform.go.gbgplc.com/captain/api/journey/task/list', { instanceId });
}
`;

/** A git repository holding one v1 call, committed; `dirty` leaves a change uncommitted. */
async function appRepository({ dirty = false, files = {} as Record<string, string> } = {}): Promise<string> {
  const repo = await tempDir();
  await mkdir(join(repo, 'src'));
  await writeFile(join(repo, 'src/service.ts'), V1_CALL);
  for (const [path, text] of Object.entries(files)) await writeFile(join(repo, path), text);
  await commitAll(repo);
  if (dirty) await writeFile(join(repo, 'src/service.ts'), `${V1_CALL}// edited\n`);
  return repo;
}

let app: string;
beforeAll(async () => {
  app = await appRepository();
});
afterAll(removeTempDirs);

/** For each documented row, by `command: code meaning`: how to make the binary end that way. */
/** A case's set-up; `skip` ends the test as skipped where what the row needs (a redis-server) is not installed. */
const CASES: Record<string, (skip: () => never) => Promise<Invocation>> = {
  // docs/simulator.md
  'journey-sim: 0 served until SIGINT or SIGTERM, then stopped': async () => ({ argv: ['--port', '0'] }),
  'journey-sim --help: 0 printed the usage on stdout': async () => ({ argv: ['--help'] }),
  'journey-sim --version: 0 printed the version of its package on stdout': async () => ({ argv: ['--version'] }),
  'journey-sim: 1 cannot listen: the port is taken, or the host is not an address of this machine': async () => {
    const { port, cleanup } = await takenPort();
    return { argv: ['--port', port], cleanup };
  },
  'journey-sim: 2 unknown option': async () => ({ argv: ['--prot', '80'] }),
  'journey-sim: 2 invalid option value': async () => ({ argv: ['--port', '99999'] }),
  'journey-sim: 2 journey definitions that cannot be read or are invalid (`--journeys`)': async () => {
    const broken = await fileWith('broken.json', JSON.stringify({ id: 'x', name: 'x', region: 'eu', version: 1, segments: [] }));
    return { argv: ['--journeys', join(broken, '..')] };
  },
  'journey-sim: 2 a journeys directory with no journey, or with two of one region, resource id and `version` (`--journeys`)': async () => ({
    argv: ['--journeys', await tempDir()],
  }),
  'journey-sim: 2 a clients file that cannot be read or is invalid (`--clients`)': async () => ({
    argv: [
      '--clients',
      await fileWith('clients.json', JSON.stringify([{ clientId: 'a', clientSecret: 's', permissions: ['journey.delete'] }])),
    ],
  }),

  // docs/shim.md
  'journey-bridge serve: 0 served until SIGTERM or SIGINT, let in-flight requests finish, stopped (the JSON log on stdout says so)':
    async () => ({ argv: [...SERVE, '--port', '0'] }),
  'journey-bridge --help: 0 printed the usage on stdout': async () => ({ argv: ['--help'] }),
  'journey-bridge --version: 0 printed the version of its package on stdout': async () => ({ argv: ['--version'] }),
  'journey-bridge serve: 1 cannot listen: the port is taken, or the host is not an address of this machine': async () => {
    const { port, cleanup } = await takenPort();
    return { argv: [...SERVE, '--port', port], cleanup };
  },
  'journey-bridge serve: 1 the shared store (`--store`) cannot be used: it cannot be reached or did not answer in time, refused the credentials or the database, or does not speak TLS as the URL says (its password is not shown)':
    async () => ({
      argv: [...SERVE, '--store', `redis://user:secret@127.0.0.1:${CLOSED_PORT}`, '--port', '0'],
      env: { JOURNEY_BRIDGE_STORE_KEY: STORE_KEY },
    }),
  'journey-bridge: 2 no command': async () => ({ argv: [] }),
  'journey-bridge serve: 2 unknown option': async () => ({ argv: ['serve', '--upstraem', 'eu'] }),
  'journey-bridge serve: 2 a required setting is missing': async () => ({ argv: ['serve', '--journey-map', MAP] }),
  'journey-bridge serve: 2 a setting has a wrong value': async () => ({ argv: SERVE, env: { JOURNEY_BRIDGE_TIMEOUT_MS: 'soon' } }),
  "journey-bridge serve: 2 an upstream or auth URL with user information: no request can be sent to it, and each caller's own token authorises upstream (its password is not shown)":
    async () => ({ argv: ['serve', '--journey-map', MAP, '--upstream', 'http://user:UPPASSLEAK@127.0.0.1:4010/eu/v2/captain/'] }),
  'journey-bridge serve: 2 a file a setting names cannot be read, or is not JSON': async () => ({
    argv: ['serve', '--upstream', 'eu', '--journey-map', join(await tempDir(), 'missing.json')],
  }),
  "journey-bridge serve: 2 a file a setting names cannot be written (the cutover's records)": async () => ({
    argv: ['serve', '--upstream', 'eu', '--cutover', JSON.stringify({ ...JSON.parse(CUTOVER), records: await tempDir() }), '--port', '0'],
  }),
  'journey-bridge serve: 2 a config file key that is not a setting': async () => ({
    argv: ['serve', '--config', await fileWith('config.json', JSON.stringify({ upstream: 'eu', timeout: 5 }))],
  }),
  'journey-bridge serve: 2 a shared store first used with another store key (every replica sharing it needs the same)': async (skip) => {
    if (!redisAvailable()) skip();
    const redis = await startRedis();
    // Another replica, given another key, used the store first.
    await (await createRedisStore({ url: redis.url, key: Buffer.alloc(32, 8) })).close();
    return {
      argv: ['serve', '--upstream', 'eu', '--cutover', CUTOVER, '--store', redis.url, '--port', '0'],
      env: { JOURNEY_BRIDGE_STORE_KEY: STORE_KEY },
      cleanup: () => redis.stop(),
    };
  },
  'journey-bridge serve: 2 a shared store without the key its held submissions are sealed with': async () => ({
    argv: ['serve', '--upstream', 'eu', '--cutover', CUTOVER, '--store', 'redis://127.0.0.1:6379'],
  }),
  'journey-bridge dialect: 0 printed the dialect or the journey-map entry (JSON), and on stderr what it could not infer': async () => ({
    argv: [
      'dialect',
      '--state',
      await fileWith('state.json', JSON.stringify({ instanceId: 'i'.repeat(32), status: 'InProgress', data: {} })),
    ],
  }),
  'journey-bridge dialect: 1 the live state fetch failed': async () => {
    const simulator = createSimulator({ journeys: await loadJourneys(bundledJourneysDir) });
    const { url, close } = await simulator.listen();
    const instance = ['--instance', 'f'.repeat(32), '--v1-base', `${url}/eu/captain/api/`];
    return { argv: ['dialect', ...instance, '--token', simulator.issueToken()], cleanup: close };
  },
  'journey-bridge dialect: 2 no state given, or one that cannot be read or is not JSON': async () => ({
    argv: ['dialect', '--state', join(await tempDir(), 'missing.json')],
  }),
  'journey-bridge dialect: 2 a live fetch without all it needs': async () => ({ argv: ['dialect', '--instance', 'f'.repeat(32)] }),
  'journey-bridge dialect: 2 `--out` cannot be written': async () => ({
    argv: ['dialect', '--state', await fileWith('state.json', '{"status":"InProgress","data":{}}'), '--out', '/no/such/dir/out.json'],
  }),

  // docs/cutover.md
  'journey-bridge compare: 0 consistency at or above `--fail-under` (default 100: no mismatch at all); with `--learn`, a flow key learned or confirmed for at least one step':
    async () => ({ argv: ['compare', await fileWith('pairs.jsonl', `${record('match')}\n${record('match')}\n`)] }),
  'journey-bridge compare: 1 consistency below `--fail-under`': async () => ({
    argv: ['compare', await fileWith('pairs.jsonl', `${record('match')}\n${record('mismatch')}\n`)],
  }),
  'journey-bridge compare: 1 no pair had an outcome on both sides': async () => ({
    argv: ['compare', await fileWith('pairs.jsonl', `${record('error')}\n${record('timeout')}\n`)],
  }),
  'journey-bridge compare: 1 lines of the file could not be read as pair records (a cut-off last line aside)': async () => ({
    argv: ['compare', await fileWith('pairs.jsonl', `${record('match')}\nnot a record\n${record('match')}\n`)],
  }),
  'journey-bridge compare: 1 `--learn` learned nothing: no step of any mapping agreed with a v1 flow key often enough, on enough outcomes':
    async () => ({
      // One pair is fewer than the three a step and a key must agree in.
      argv: ['compare', await fileWith('pairs.jsonl', `${recordWithOutcomes}\n`), '--learn'],
    }),
  'journey-bridge compare: 2 the file cannot be read, or holds no pair record': async () => ({
    argv: ['compare', await fileWith('pairs.jsonl', 'not a record\n')],
  }),
  'journey-bridge compare: 2 a bad option or a missing file argument': async () => ({
    argv: ['compare', await fileWith('pairs.jsonl', `${record('match')}\n`), '--fail-under', 'most'],
  }),
  'journey-bridge compare: 2 `--learn` on records without outcomes (a cutover run without `recordOutcomes`)': async () => ({
    argv: ['compare', await fileWith('pairs.jsonl', `${record('match')}\n`), '--learn'],
  }),

  // docs/codemod.md
  'journey-codemod: 0 done: the files are migrated (with `--dry`, planned), the summary is on stderr': async () => ({
    argv: ['src', '--dry'],
    cwd: app,
  }),
  'journey-codemod --help: 0 printed the usage on stdout': async () => ({ argv: ['--help'], cwd: app }),
  'journey-codemod --version: 0 printed the versions on stdout': async () => ({ argv: ['--version'], cwd: app }),
  'journey-codemod --check: 1 v1 remains unmarked, a flow is half on v2, or a file cannot be parsed or read; each is listed': async () => ({
    argv: ['src', '--check'],
    cwd: app,
  }),
  'journey-codemod: 2 unknown option': async () => ({ argv: ['src', '--dyr'], cwd: app }),
  'journey-codemod: 2 an invalid option value, or no path': async () => ({ argv: ['src', '--cpus', 'many'], cwd: app }),
  'journey-codemod: 2 a path that does not exist': async () => ({ argv: ['no-such-dir', '--dry'], cwd: app }),
  'journey-codemod: 2 the paths and globs name no file with the extensions looked at (a mistyped glob, `--extensions` that match nothing)':
    async () => ({ argv: ['src/**/*.tss', '--check'], cwd: app }),
  'journey-codemod: 2 a `--journey-map` that cannot be read, is not JSON or not a map of ids, or has an entry serve refuses (an exact pinned v1 id mapped to a v2 id without a version)':
    async () => ({
      argv: ['src', '--dry', '--journey-map', 'missing.json'],
      cwd: app,
    }),
  'journey-codemod: 2 refused to write: the git tree of the files has uncommitted changes (`--force` writes anyway)': async () => ({
    argv: ['src'],
    cwd: await appRepository({ dirty: true }),
  }),
  'journey-codemod: 2 refused to write: the helper module of an earlier run lacks a name the migrated code imports': async () => {
    const repo = await appRepository({
      files: {
        'src/loop.ts': readFileSync(
          new URL('../../../test-fixtures/codemod/operations/task-loop-until-done.input.ts', import.meta.url),
          'utf8',
        ),
        'src/journey-v2.ts': 'export function decisionOf(state: unknown) {\n  return state;\n}\n',
      },
    });
    return { argv: ['src/loop.ts'], cwd: repo };
  },
  'journey-codemod: 3 failed while running: the report cannot be written (to its file, or to stdout: a full disk), or a crash':
    async () => ({
      argv: ['src', '--dry', '--report', 'no/such/dir/report.json'],
      cwd: app,
    }),
};

describe('the exit codes tables of the docs', () => {
  it('are there, for each binary, with a case here for every row and a row for every case', () => {
    const binaries = new Set(ROWS.map((row) => row.command.split(' ')[0]));
    expect([...binaries].sort()).toEqual(['journey-bridge', 'journey-codemod', 'journey-sim']);
    const documented = ROWS.map(keyOf);
    expect(new Set(documented).size, 'two rows with the same command, code and meaning').toBe(documented.length);
    expect(
      documented.filter((key) => !(key in CASES)),
      'rows without a case',
    ).toEqual([]);
    expect(
      Object.keys(CASES).filter((key) => !documented.includes(key)),
      'cases without a row',
    ).toEqual([]);
  });

  it("are where the README's troubleshooting takes its exit codes and messages from", () => {
    // A README row such as: | `journey-bridge serve` exits 2: `upstream is required: … (…)` | why | what to do |
    const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
    const claims = [...readme.matchAll(/^\| `(journey-[\w-]+(?: [\w-]+)?)` exits (\d)(?:: `([^`]*)`)?/gm)];
    expect(claims.length).toBeGreaterThan(3);
    for (const [line, command = '', code, message] of claims) {
      // The message as the README quotes it, without its trailing ellipsis, `<placeholders>` standing for anything.
      const quoted = message === undefined ? undefined : patternOf(message.replace(/\s*\(…\)$|…$/, ''));
      const backing = ROWS.filter(
        (row) =>
          (row.command === command || command.startsWith(`${row.command} -`)) &&
          row.code === Number(code) &&
          (quoted === undefined || quoted.test(row.example)),
      );
      expect(backing, line).not.toEqual([]);
    }
  });

  it.for(ROWS.map((row) => [`${row.doc}: ${keyOf(row)}`, row] as const))('%s', async ([, row], context) => {
    const setUp = CASES[keyOf(row)];
    if (!setUp) throw new Error(`no case for ${keyOf(row)}`);
    const invocation = await setUp(() => context.skip());
    const [binary = '', ...words] = row.command.split(' ');
    // The command the row names is the one the case runs.
    for (const word of words) expect(invocation.argv, `the case of ${row.command}`).toContain(word);
    let outcome: Outcome;
    try {
      outcome = await run(binary, invocation);
    } finally {
      await invocation.cleanup?.();
    }
    const printed = `stdout:\n${outcome.stdout}\nstderr:\n${outcome.stderr}`;
    expect(outcome.code, printed).toBe(row.code);
    const pattern = patternOf(row.example);
    expect(pattern.test(outcome.stdout) || pattern.test(outcome.stderr), `${row.example} in\n${printed}`).toBe(true);
  });
});

/** The first fenced block after `heading` in `doc`, with its fence's language. */
function exampleAfter(doc: string, heading: string): { language: string; text: string } {
  const text = readFileSync(new URL(`../../../docs/${doc}`, import.meta.url), 'utf8');
  const match = /```(\w*)\n([\s\S]*?)\n```/.exec(text.slice(text.indexOf(heading)));
  return { language: match?.[1] ?? '', text: match?.[2] ?? '' };
}

describe('the file examples of the docs', () => {
  // The tools read strict JSON: an example with comments fails whoever copies it.
  it('cutover.md: the cutover file is JSON the shim takes, once the platform host is filled in', () => {
    const { language, text } = exampleAfter('cutover.md', '## The cutover file');
    expect(language).toBe('json');
    const parsed = CutoverFile.safeParse(JSON.parse(text.replace('<platform host>', 'platform.example')));
    expect(parsed.error).toBeUndefined();
  });

  it('simulator.md: the journey file is JSON the simulator loads', async () => {
    const { language, text } = exampleAfter('simulator.md', '## Journey files');
    expect(language).toBe('json');
    const dir = await tempDir();
    await writeFile(join(dir, 'data-check.json'), text);
    expect((await loadJourneys(dir)).map((journey) => journey.id)).toEqual(['data-check']);
  });
});
