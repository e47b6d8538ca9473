import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ENVIRONMENT, resolveConfig, ShimConfigError } from '../src/config.js';
import { CutoverFile } from '../src/cutover-config.js';
import { ShimError } from '../src/index.js';
import { describeSource, SETTINGS, type SettingKey, type SettingSource } from '../src/settings.js';
import { exitOf, removeTempDirs, tempDir } from './shim-cli.js';

afterAll(removeTempDirs);

const MAP = { 'a1d7c3f0data-check-v1': 'b2e8d4a1data-check-v2' };
const problemOf = (promise: Promise<unknown>) =>
  promise.then(
    () => '',
    (error: unknown) => {
      expect(error).toBeInstanceOf(ShimConfigError);
      expect(error).toBeInstanceOf(ShimError);
      return (error as Error).message;
    },
  );

async function file(name: string, content: unknown): Promise<string> {
  const path = join(await tempDir(), name);
  await writeFile(path, typeof content === 'string' ? content : JSON.stringify(content));
  return path;
}

describe('the buffer limit', () => {
  it('is refused below the body limit, naming both and how each was given', async () => {
    const problem = await problemOf(
      resolveConfig(
        { upstream: 'eu', journeyMap: JSON.stringify(MAP), bufferLimitBytes: '16384' },
        { JOURNEY_BRIDGE_BODY_LIMIT_BYTES: '65536' },
      ),
    );
    expect(problem).toMatch(
      /^bufferLimitBytes 16384 \(flag --buffer-limit\) is below bodyLimitBytes 65536 \(environment variable JOURNEY_BRIDGE_BODY_LIMIT_BYTES\)/,
    );
  });
});

const CUTOVER = {
  v1Upstream: 'http://127.0.0.1:4010/eu/captain/api/',
  mappings: [{ v1: 'a1d7c3f0data-check-v1', v2: 'b2e8d4a1data-check-v2', stage: { kind: 'shadow', sample: 0.5 } }],
};
const STORE_KEY = Buffer.alloc(32, 7).toString('base64');

describe('every setting three ways', () => {
  /** A value for each setting that differs from its default, as text and as the config value it becomes. */
  const samples: Record<SettingKey, [text: string, parsed: unknown]> = {
    upstream: ['us', 'us'],
    journeyMap: [JSON.stringify(MAP), MAP],
    dialect: ['{"layout":"context.process"}', 'context.process'],
    variantIds: ['{"identity-check":"kyc-eu-v3"}', { 'identity-check': 'kyc-eu-v3' }],
    elements: [
      '{"MobilePhone":{"fields":{"number":{"path":"contact.mobilePhone","format":"phone"}}}}',
      { MobilePhone: { fields: { number: { path: 'contact.mobilePhone', format: 'phone', required: true } } } },
    ],
    delivery: ['page', 'page'],
    interactionAuth: ['end-user', 'end-user'],
    port: ['9191', 9191],
    host: ['0.0.0.0', '0.0.0.0'],
    authUrl: ['https://auth.example', 'https://auth.example'],
    logLevel: ['debug', 'debug'],
    bodyLimitBytes: ['1234', 1234],
    bufferLimitBytes: ['12345678', 12345678],
    responseLimitBytes: ['4321', 4321],
    timeoutMs: ['111', 111],
    syncStartTimeoutMs: ['222', 222],
    shutdownTimeoutMs: ['333', 333],
    cutover: [
      JSON.stringify(CUTOVER),
      { ...CUTOVER, store: 'memory', shadow: {}, rollback: {}, hashInstanceIds: true, recordOutcomes: false, calibration: false },
    ],
    store: ['memory', 'memory'],
    storeKey: [STORE_KEY, STORE_KEY],
    controlSecret: ['a-control-secret-of-some-length', 'a-control-secret-of-some-length'],
  };
  const base = { upstream: 'eu', journeyMap: JSON.stringify(MAP) };
  const read = (config: Record<string, unknown>, key: SettingKey) =>
    key === 'dialect' ? (config.dialect as { layout: string }).layout : key === 'variantIds' ? config.variantIds : config[key];

  it.each(Object.keys(SETTINGS) as SettingKey[])('%s is read from its flag, its variable and the config file', async (key) => {
    const [text, parsed] = samples[key];
    const byFlag = await resolveConfig({ ...base, [key]: text }, {});
    expect(read(byFlag, key)).toEqual(parsed);
    const byEnvironment = await resolveConfig(key in base ? { ...base, [key]: undefined } : base, { [SETTINGS[key].env]: text });
    expect(read(byEnvironment, key)).toEqual(parsed);
    const configFile = await file('config.json', { ...base, [key]: text });
    const byFile = await resolveConfig({}, {}, configFile);
    expect(read(byFile, key)).toEqual(parsed);
  });

  it('lists every variable in ENVIRONMENT', () => {
    expect(Object.keys(ENVIRONMENT).sort()).toEqual(
      Object.values(SETTINGS)
        .map(({ env }) => env)
        .sort(),
    );
  });

  it('lets flags win over variables, and variables over the file', async () => {
    const configFile = await file('config.json', { ...base, timeoutMs: 1, port: 1 });
    const config = await resolveConfig({ timeoutMs: '3' }, { JOURNEY_BRIDGE_TIMEOUT_MS: '2', JOURNEY_BRIDGE_PORT: '2' }, configFile);
    expect([config.timeoutMs, config.port]).toEqual([3, 2]);
  });
});

describe('journey maps with dialects', () => {
  it('reads a structured map file with variantIds and a default dialect, and entries with their own', async () => {
    const mapFile = await file('map.json', {
      journeys: { 'v1-plain': 'v2-plain@latest', 'v1-live': { v2: 'v2-live@latest', dialect: { omitUntilDecided: true } } },
      variantIds: { 'identity-check': 'kyc-eu-v3' },
      dialect: { decision: { outcomes: { Accept: 'Decision: Pass 1+1' } } },
    });
    const config = await resolveConfig({ upstream: 'eu', journeyMap: mapFile }, {});
    expect(config.journeyMap).toMatchObject({ 'v1-live': { v2: 'v2-live@latest' } });
    expect(config.dialect.flowKeys).toEqual({ 'identity-check': 'kyc-eu-v3' });
    expect(config.dialect.decision.outcomes.Accept).toBe('Decision: Pass 1+1');
  });

  it('names the entry and the member of a bad dialect, and where the map came from', async () => {
    const mapFile = await file('map.json', { 'v1-live': { v2: 'v2-live', dialect: { layout: 'data.flow' } } });
    const problem = await problemOf(resolveConfig({ upstream: 'eu', journeyMap: mapFile }, {}));
    expect(problem).toContain('journeyMap (flag --journey-map): journey map entry "v1-live": dialect.layout');
  });
});

describe('configuration errors', () => {
  it('says a missing setting is required and every way to give it', async () => {
    const problem = await problemOf(resolveConfig({ journeyMap: JSON.stringify(MAP) }, {}));
    expect(problem).toBe(
      'upstream is required: give it by flag --upstream, environment variable JOURNEY_BRIDGE_UPSTREAM, or config file key "upstream" (eu, us, au, or a v2 base URL (http or https))',
    );
  });

  it('names the value, its source and what is expected', async () => {
    const problem = await problemOf(
      resolveConfig({ upstream: 'eu', journeyMap: JSON.stringify(MAP) }, { JOURNEY_BRIDGE_TIMEOUT_MS: 'soon' }),
    );
    expect(problem).toBe(
      'timeoutMs "soon" (environment variable JOURNEY_BRIDGE_TIMEOUT_MS) is invalid: expected a whole number of milliseconds above 0',
    );
  });

  it('blames the journey map for a dialect its structured file carries, not a --dialect nobody gave', async () => {
    const mapFile = await file('map.json', { journeys: MAP, dialect: { layout: 'data.flow' } });
    const problem = await problemOf(resolveConfig({ upstream: 'eu', journeyMap: mapFile }, {}));
    expect(problem).toMatch(/^dialect \(the "dialect" of the journey map, flag --journey-map\) at layout is invalid: /);
  });

  it('reads a file that starts with a byte-order mark, as Windows editors write one', async () => {
    const mapFile = await file('map.json', `\uFEFF${JSON.stringify(MAP)}`);
    const configFile = await file('config.json', `\uFEFF${JSON.stringify({ upstream: 'eu', journeyMap: mapFile })}`);
    const config = await resolveConfig({}, {}, configFile);
    expect(Object.keys(config.journeyMap)).toEqual(Object.keys(MAP));
  });

  it('names a config file key that is not a setting', async () => {
    const configFile = await file('config.json', { ...{ upstream: 'eu' }, timeout: 5 });
    expect(await problemOf(resolveConfig({}, {}, configFile))).toContain('unknown key "timeout"');
  });

  it('says an inline JSON value that does not parse is not valid JSON, and what was expected', async () => {
    const problem = await problemOf(resolveConfig({ upstream: 'eu', journeyMap: JSON.stringify(MAP), dialect: '{layout' }, {}));
    expect(problem).toContain('dialect (flag --dialect) is not valid JSON: expected the v1 dialect of plain journey-map entries');
  });
});

describe('configuration errors of journey-bridge serve', () => {
  /** A value each setting refuses. */
  const wrong: Record<SettingKey, string> = {
    upstream: 'mars',
    journeyMap: '{"a1d7c3f0data-check-v1": 5}',
    dialect: '{"layout":"data.flow"}',
    variantIds: '{"identity-check": 5}',
    elements: '{"FullName":{"fields":{"first":{"path":"identity.firstName","format":"text"}}}}',
    delivery: 'post',
    interactionAuth: 'sometimes',
    port: '99999',
    host: '',
    authUrl: 'ftp://auth.example',
    logLevel: 'loud',
    bodyLimitBytes: '0',
    bufferLimitBytes: '1.5',
    responseLimitBytes: 'lots',
    timeoutMs: 'soon',
    syncStartTimeoutMs: '-5',
    shutdownTimeoutMs: '-1',
    cutover: '{"v1Upstream": 5}',
    store: 'mysql://db.example',
    storeKey: Buffer.alloc(8).toString('base64'),
    controlSecret: 'short',
  };
  /** Settings that hold an object: the message points into it, or at the journey map entry, in words of its own. */
  const objects = new Set<SettingKey>(['journeyMap', 'dialect', 'variantIds', 'elements', 'cutover']);
  /** Settings whose values are never shown (below). */
  const secrets = new Set<SettingKey>(['storeKey', 'controlSecret']);
  const required = { upstream: 'eu', journeyMap: JSON.stringify(MAP) };

  it.each(Object.keys(SETTINGS) as SettingKey[])(
    '%s: a wrong value exits 2 naming the setting, the value, how it was given and what it expects',
    async (key) => {
      const { flag, env, expects } = SETTINGS[key];
      const value = wrong[key];
      const rest = Object.entries(required).filter(([name]) => name !== key);
      const restFlags = rest.flatMap(([name, text]) => [`--${SETTINGS[name as SettingKey].flag}`, text]);
      const configFile = await file('config.json', { ...Object.fromEntries(rest), [key]: value });
      type Way = [SettingSource, () => ReturnType<typeof exitOf>];
      const byVariable: Way = ['environment', () => exitOf(['serve', ...restFlags], { [env]: value })];
      const ways: Way[] = [
        ['flag', () => exitOf(['serve', ...restFlags, `--${flag}=${value}`])],
        // An empty variable counts as unset, so a host cannot be wrong by its variable.
        ...(value === '' ? [] : [byVariable]),
        ['config file', () => exitOf(['serve', '--config', configFile])],
      ];
      for (const [source, run] of ways) {
        const { code, stderr } = await run();
        expect(code, `${key} by ${source}`).toBe(2);
        expect(stderr, `${key} by ${source}`).toMatch(new RegExp(`^journey-bridge: ${key}\\b`));
        expect(stderr, `${key} by ${source}`).toContain(`(${describeSource(key, source)})`);
        expect(stderr, `${key} by ${source}`).toContain('Run journey-bridge serve --help for the options.');
        if (secrets.has(key)) expect(stderr).not.toContain(value);
        else if (!objects.has(key))
          expect(stderr).toContain(`${key} ${JSON.stringify(value)} (${describeSource(key, source)}) is invalid: expected ${expects}`);
      }
    },
  );

  describe('never shows a secret', () => {
    const args = ['serve', '--upstream', 'eu', '--journey-map', JSON.stringify(MAP), '--port', '0'];
    it.each([
      ['controlSecret', 'JOURNEY_BRIDGE_CONTROL_SECRET', 'MySecretIs15chr', 'it has 15 characters'],
      ['controlSecret', 'JOURNEY_BRIDGE_CONTROL_SECRET', ' MySecretIs15chr\n', 'it has 15 characters'],
      ['controlSecret', 'JOURNEY_BRIDGE_CONTROL_SECRET', 'correct horse battery staple', 'it has a space or a line break inside'],
      ['controlSecret', 'JOURNEY_BRIDGE_CONTROL_SECRET', 'pässwörd-für-den-kill', 'it has a character outside visible ASCII'],
      ['storeKey', 'JOURNEY_BRIDGE_STORE_KEY', Buffer.alloc(33, 9).toString('base64'), 'it is base64 of 33 bytes'],
      ['storeKey', 'JOURNEY_BRIDGE_STORE_KEY', `${STORE_KEY.slice(0, -2)}!=`, 'it is not base64 (44 characters)'],
    ])('%s: says what is wrong with it and where it came from, not its value', async (key, env, value, problem) => {
      for (const [how, run] of [
        ['variable', () => exitOf(args, { [env]: value })],
        ['flag', () => exitOf([...args, `--${SETTINGS[key as SettingKey].flag}`, value])],
      ] as const) {
        const { code, stderr } = await run();
        expect(code, how).toBe(2);
        expect(stderr, how).toContain(`journey-bridge: ${key} (${how === 'flag' ? 'flag --' : 'environment variable '}`);
        expect(stderr, how).toContain(`is invalid: ${problem}; expected`);
        expect(stderr, how).not.toContain(value);
        // Nor a recognisable part of it.
        expect(stderr, how).not.toContain(value.slice(0, 8));
      }
    });

    it('shows a store URL without the password of its userinfo, though the URL does not parse', async () => {
      const store = `redis://user:hunter2hunter2@127.0.0.1:99999/${'x'.repeat(80)}`;
      const { code, stderr } = await exitOf(args, { JOURNEY_BRIDGE_STORE: store });
      expect(code).toBe(2);
      expect(stderr).toContain('journey-bridge: store "redis://user:***@127.0.0.1:99999/');
      expect(stderr).not.toContain('hunter2');
      // Nor when the scheme was left out, the likeliest slip.
      const bare = await exitOf(args, { JOURNEY_BRIDGE_STORE: 'svc:hunter2hunter2@redis.internal:6379' });
      expect(bare.stderr).toContain('store "svc:***@redis.internal:6379"');
      expect(bare.stderr).not.toContain('hunter2');
    });

    it('shows an upstream URL without its password, and with one in a long URL cut at 80 characters', async () => {
      const upstream = `ftp://${'u'.repeat(70)}:hunter2hunter2@auth.example/`;
      const { stderr } = await exitOf(['serve', '--journey-map', JSON.stringify(MAP)], { JOURNEY_BRIDGE_UPSTREAM: upstream });
      expect(stderr).toContain(`journey-bridge: upstream "ftp://${'u'.repeat(70)}:***"`);
      expect(stderr).not.toContain('hunter');
      const auth = await exitOf([...args, '--auth-url', 'ftp://:hunter2hunter2@auth.example']);
      expect(auth.stderr).toContain('authUrl "ftp://:***@auth.example"');
      expect(auth.stderr).not.toContain('hunter');
    });

    it('refuses an upstream or auth URL with user information, which no request could use, without its password', async () => {
      const serve = ['serve', '--journey-map', JSON.stringify(MAP), '--port', '0'];
      const upstream = await exitOf([...serve, '--upstream', 'http://u:UPPASSLEAK@127.0.0.1:4010/eu/v2/captain/']);
      expect(upstream.code).toBe(2);
      expect(upstream.stderr).toContain(
        `journey-bridge: upstream "http://u:***@127.0.0.1:4010/eu/v2/captain/" (flag --upstream) is invalid: it carries user information`,
      );
      expect(upstream.stdout + upstream.stderr).not.toContain('UPPASSLEAK');
      // A user name alone is user information too.
      const auth = await exitOf([...serve, '--upstream', 'eu'], { JOURNEY_BRIDGE_AUTH_URL: 'https://svc@auth.example' });
      expect(auth.code).toBe(2);
      expect(auth.stderr).toMatch(
        /^journey-bridge: authUrl .* \(environment variable JOURNEY_BRIDGE_AUTH_URL\) is invalid: it carries user information/,
      );
    });
  });

  it('exits 2 naming every required setting that is missing and every way to give each', async () => {
    const { code, stderr } = await exitOf(['serve']);
    expect(code).toBe(2);
    expect(stderr.split('\n').slice(0, 2)).toEqual([
      `journey-bridge: upstream is required: give it by flag --upstream, environment variable JOURNEY_BRIDGE_UPSTREAM, or config file key "upstream" (${SETTINGS.upstream.expects})`,
      `journey-bridge: journeyMap is required: give it by flag --journey-map, environment variable JOURNEY_BRIDGE_JOURNEY_MAP, or config file key "journeyMap" (${SETTINGS.journeyMap.expects})`,
    ]);
  });
});

describe('relative paths', () => {
  const CUTOVER_FILE = { ...CUTOVER, records: 'pairs.jsonl', killFile: 'kill' };
  /** A project directory: the journey map at its top, the cutover and config files in `conf/`. */
  async function project(config: object = {}) {
    const dir = await tempDir();
    await mkdir(join(dir, 'conf'));
    await writeFile(join(dir, 'journey-map.json'), JSON.stringify(MAP));
    await writeFile(join(dir, 'conf', 'cutover.json'), JSON.stringify(CUTOVER_FILE));
    await writeFile(join(dir, 'conf', 'config.json'), JSON.stringify(config));
    return dir;
  }

  it("are taken from where the command was run for flags, and the cutover file's own from its directory", async () => {
    const dir = await project();
    const config = await resolveConfig(
      { upstream: 'eu', journeyMap: 'journey-map.json', cutover: 'conf/cutover.json' },
      {},
      undefined,
      dir,
    );
    expect(config.journeyMap).toMatchObject(MAP);
    expect([config.cutover?.records, config.cutover?.killFile]).toEqual([join(dir, 'conf', 'pairs.jsonl'), join(dir, 'conf', 'kill')]);
    // Created at start, where the records will go: beside the cutover file.
    expect(await readdir(join(dir, 'conf'))).toContain('pairs.jsonl');
  });

  it("in the config file are taken from its directory, an inline cutover's too", async () => {
    const dir = await project({ upstream: 'eu', journeyMap: '../journey-map.json', cutover: { ...CUTOVER, records: 'inline.jsonl' } });
    const config = await resolveConfig({}, {}, 'conf/config.json', dir);
    expect(config.journeyMap).toMatchObject(MAP);
    expect(config.cutover?.records).toBe(join(dir, 'conf', 'inline.jsonl'));
  });

  it("of journey-bridge's flags are taken from the CLI's working directory, for every command", async () => {
    const dir = await project();
    const serve = await exitOf(['serve', '--upstream', 'eu', '--journey-map', 'missing.json'], {}, dir);
    expect(serve.stderr).toContain(`cannot read journeyMap (flag --journey-map) ${join(dir, 'missing.json')}: ENOENT`);
    const compare = await exitOf(['compare', 'pairs.jsonl'], {}, dir);
    expect(compare.stderr).toContain(join(dir, 'pairs.jsonl'));
    const dialect = await exitOf(['dialect', '--state', 'state.json'], {}, dir);
    expect(dialect.stderr).toContain(join(dir, 'state.json'));
  });
});

describe('a cutover file', () => {
  it('whose v1Upstream carries user information is refused, as --upstream is', () => {
    const parsed = CutoverFile.safeParse({
      v1Upstream: 'http://ops:hunter2@127.0.0.1:4010/eu/captain/api/',
      mappings: [{ v1: 'a1d7c3f0data-check-v1', v2: 'b2e8d4a1data-check-v2', stage: { kind: 'v1' } }],
    });
    expect(parsed.error?.issues).toEqual([
      expect.objectContaining({ path: ['v1Upstream'], message: expect.stringContaining('it carries user information') }),
    ]);
  });
});

describe('a cutover file whose rollback could never act', () => {
  it('is refused where it sets more pairs or calls than the window keeps, the shared thresholds and a mapping’s own', () => {
    const parsed = CutoverFile.safeParse({
      v1Upstream: 'http://127.0.0.1:4010/eu/captain/api/',
      mappings: [
        { v1: 'a1d7c3f0data-check-v1', v2: 'b2e8d4a1data-check-v2', stage: { kind: 'shadow', sample: 1 } },
        { v1: 'c3f9e5b2doc-selfie-v1', v2: 'c3f9e5b2doc-selfie-v2', stage: { kind: 'shadow', sample: 1 }, rollback: { window: 100 } },
      ],
      rollback: { minPairs: 2000, window: 1000 },
    });
    expect(parsed.error?.issues).toEqual([
      expect.objectContaining({
        path: ['rollback', 'minPairs'],
        message: expect.stringContaining('minPairs (2000) is above window (1000)'),
      }),
      expect.objectContaining({ path: ['mappings', 1, 'rollback', 'minPairs'], message: expect.stringContaining('could never act') }),
      expect.objectContaining({
        path: ['mappings', 1, 'rollback', 'minCalls'],
        message: expect.stringContaining('minCalls (200) is above window (100)'),
      }),
    ]);
  });
});

describe('a cutover file of an earlier release', () => {
  it('that sets rollback.liveSample is refused with the option’s new name and why it was renamed', () => {
    const parsed = CutoverFile.safeParse({
      v1Upstream: 'http://127.0.0.1:4010/eu/captain/api/',
      mappings: [{ v1: 'a1d7c3f0data-check-v1', v2: 'b2e8d4a1data-check-v2', stage: { kind: 'ramp', percent: 10 } }],
      rollback: { liveSample: 0.1 },
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues).toEqual([
      expect.objectContaining({ path: ['rollback', 'liveSample'], message: expect.stringContaining('renamed shadowSample') }),
    ]);
  });
});
