import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ENVIRONMENT, resolveConfig, ShimConfigError } from '../src/config.js';
import { SETTINGS, type SettingKey } from '../src/settings.js';
import { removeTempDirs, tempDir } from './shim-cli.js';

afterAll(removeTempDirs);

const MAP = { 'a1d7c3f0data-check-v1': 'b2e8d4a1data-check-v2' };
const problemOf = (promise: Promise<unknown>) =>
  promise.then(
    () => '',
    (error: unknown) => {
      expect(error).toBeInstanceOf(ShimConfigError);
      return (error as Error).message;
    },
  );

async function file(name: string, content: unknown): Promise<string> {
  const path = join(await tempDir(), name);
  await writeFile(path, typeof content === 'string' ? content : JSON.stringify(content));
  return path;
}

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
    delivery: ['page', 'page'],
    interactionAuth: ['end-user', 'end-user'],
    port: ['9191', 9191],
    host: ['0.0.0.0', '0.0.0.0'],
    authUrl: ['https://auth.example', 'https://auth.example'],
    logLevel: ['debug', 'debug'],
    bodyLimitBytes: ['1234', 1234],
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
    expect(problem).toMatch(
      /^timeoutMs "soon" \(environment variable JOURNEY_BRIDGE_TIMEOUT_MS\) is invalid: .+; expected a whole number of milliseconds above 0$/,
    );
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
