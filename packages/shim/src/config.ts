import { open } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { Delivery, DescribedElements, JourneyMapError, Region, resolveJourneyMap, V1Dialect } from '@journey-bridge/contract';
import { z } from 'zod';
import { CutoverFile, StoreSetting } from './cutover-config.js';
import { ShimError } from './errors/shim-error.js';
import { journeyMapKeyOf } from './journey-map-key.js';
import { readJsonFile } from './json-file.js';
import { describeSource, SETTINGS, type SettingKey, type SettingSource, waysToGive } from './settings.js';
import { hasNoUserInfo, NO_USER_INFO } from './user-info.js';
import { withoutPassword } from './without-password.js';

const StringMap = z.record(z.string(), z.string());

/** Everything `journey-bridge serve` can be told, from flags, environment variables or a config file. */
export const ShimConfig = z.strictObject({
  /** `eu`, `us`, `au`, or a v2 base URL such as `http://127.0.0.1:4010/eu/v2/captain/`, without user information. */
  upstream: z.union([Region, z.url({ protocol: /^https?$/ })]).refine(hasNoUserInfo, NO_USER_INFO),
  /** Origin of the token endpoints requests are passed to. @default the upstream's origin */
  authUrl: z
    .url({ protocol: /^https?$/ })
    .refine(hasNoUserInfo, NO_USER_INFO)
    .optional(),
  /** @default 8080 */
  port: z.coerce.number().int().min(0).max(65535).default(8080),
  /** @default '127.0.0.1' */
  host: z.string().min(1).default('127.0.0.1'),
  /**
   * v1 resourceIds → v2 resourceIds, or `{ v2, dialect }` with the dialect the v1 journey answered in (see
   * `V1Dialect`). Given as a file path, it is read by `resolveConfig`.
   */
  journeyMap: z.record(z.string(), z.unknown()),
  /** The dialect of plain journey-map entries. @default the specification's */
  dialect: V1Dialect.prefault({}),
  /** v2 step nodeIds → v1 variantIds: the flow keys of plain entries (merged into `dialect.flowKeys`). @default {} */
  variantIds: StringMap.default({}),
  /**
   * Domain elements beyond the specification's six that the journeys collect, by name (see `V1AdapterOptions.elements`):
   * the adapter plans, validates and shows them like the six. @default {}
   */
  elements: DescribedElements.default({}),
  /** @default 'api' */
  delivery: Delivery.default('api'),
  /**
   * How interaction calls are authorised upstream: the caller's token, an end-user token bootstrapped for the
   * instance with the caller's token, or `auto` (end-user tokens for instances whose tenant refused the caller's).
   * @default 'auto'
   */
  interactionAuth: z.enum(['customer', 'end-user', 'auto']).default('auto'),
  /** Largest request body in bytes, on every path; counted while it streams. @default 10 MiB */
  bodyLimitBytes: z.coerce
    .number()
    .int()
    .positive()
    .default(10 * 1024 * 1024),
  /**
   * Most bytes of v1 request bodies held at once, over every request in flight: past it a v1 request is answered
   * 503 with `Retry-After: 1` (pass-through bodies stream and are not held). @default 256 MiB
   */
  bufferLimitBytes: z.coerce
    .number()
    .int()
    .positive()
    .default(256 * 1024 * 1024),
  /**
   * Largest upstream response body in bytes, on every path (the adapter's reads too); a larger one is answered 502.
   * A state holds the journey's images: a few documents and a selfie, base64. @default 64 MiB
   */
  responseLimitBytes: z.coerce
    .number()
    .int()
    .positive()
    .default(64 * 1024 * 1024),
  /** Upstream timeout per attempt, ms, on every path (pass-through included). @default 30000 */
  timeoutMs: z.coerce.number().int().positive().default(30_000),
  /** How long a synchronous v1 start waits for the journey, ms. @default 30000 */
  syncStartTimeoutMs: z.coerce.number().int().positive().default(30_000),
  /**
   * How long SIGTERM waits for in-flight requests, ms; those still waiting for the upstream are then answered 504 (a
   * start: its journey may have been created) and given a second more before their connections close. @default 10000
   */
  shutdownTimeoutMs: z.coerce.number().int().nonnegative().default(10_000),
  /** @default 'info' */
  logLevel: z.enum(['silent', 'error', 'warn', 'info', 'debug']).default('info'),
  /** The side-by-side cutover: v1 paths served through `createCutover` over the v1 upstream and the adapter. @default off */
  cutover: CutoverFile.optional(),
  /**
   * The store shared by the replicas, over the cutover file's: what the adapter's Saves left for their tasks'
   * Complete, and the cutover's pairing. @default the file's, else `memory` (each replica its own)
   */
  store: StoreSetting.optional(),
  /** 32 bytes, base64: seals Save drafts and held submissions in a shared store. Required with a Redis store. */
  storeKey: z
    .string()
    .refine((key) => Buffer.from(key, 'base64').byteLength === 32, 'must be 32 bytes in base64')
    .optional(),
  /** Bearer secret of `POST /cutover/kill`. @default none: the endpoint is off */
  controlSecret: z
    .string()
    // A secret file's last newline (a Kubernetes secret made --from-file) is not part of the secret.
    .trim()
    .min(16)
    // An Authorization header carries it: a space or a non-ASCII character would match no request.
    .regex(/^[\x21-\x7e]+$/)
    .optional(),
});
export type ShimConfig = z.output<typeof ShimConfig>;
export type ShimConfigInput = z.input<typeof ShimConfig>;

/** Environment variables and the config keys they set. */
export const ENVIRONMENT: Readonly<Record<string, SettingKey>> = Object.fromEntries(
  (Object.keys(SETTINGS) as SettingKey[]).map((key) => [SETTINGS[key].env, key]),
);

/** A configuration that cannot be used; the message names the setting, how it was given, and what it expects. */
export class ShimConfigError extends ShimError {
  override name = 'ShimConfigError';
}

/** Settings that hold JSON objects: given as text (flag, variable, config string), they are inline JSON or a file. */
const OBJECT_SETTINGS = new Set<SettingKey>(['journeyMap', 'dialect', 'variantIds', 'elements', 'cutover']);

async function readJson(path: string, what: string): Promise<unknown> {
  const file = await readJsonFile(path);
  if ('unreadable' in file) throw new ShimConfigError(`cannot read ${what} ${path}: ${file.unreadable}`);
  if ('notJson' in file) throw new ShimConfigError(`${what} ${path} is not valid JSON`);
  return file.value;
}

/**
 * Opens `path` for appending (creating it, as the writer would) and closes it: a file a setting names that cannot
 * be written is refused at start, not found out record by record once traffic flows.
 */
async function writable(path: string, what: string): Promise<void> {
  try {
    await (await open(path, 'a')).close();
  } catch (error) {
    throw new ShimConfigError(`cannot write ${what} ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
}

/**
 * An object setting's value: an object as it is; text as inline JSON (`{…}`) or the path of a JSON file, relative
 * to `base`. `base` is the directory the paths inside the value are relative to: the file's, when it came from one.
 */
async function objectValue(key: SettingKey, value: unknown, where: string, base: string): Promise<{ value: unknown; base: string }> {
  if (typeof value !== 'string') return { value, base };
  if (!value.trimStart().startsWith('{')) {
    const path = resolve(base, value);
    return { value: await readJson(path, `${key} (${where})`), base: dirname(path) };
  }
  try {
    return { value: JSON.parse(value), base };
  } catch {
    throw new ShimConfigError(`${key} (${where}) is not valid JSON: expected ${SETTINGS[key].expects}`);
  }
}

/** A journey-map file is the map itself, or `{ journeys, variantIds?, dialect?, elements? }`: this, the latter. */
export const StructuredJourneyMap = z.strictObject({
  journeys: z.record(z.string(), z.unknown()),
  variantIds: StringMap.optional(),
  dialect: z.unknown().optional(),
  elements: z.unknown().optional(),
});

/**
 * The configuration from its three sources: `flags` win over `environment`, which wins over the `configFile`.
 * Files named by settings are read here and the journey map is resolved, so a bad value stops the start, not
 * the first request; every error names the setting, how it was given, and what it expects.
 *
 * A relative path is relative to the file that holds it, as tsconfig's are: a path in the config file to the
 * config file's directory, the cutover file's `records` and `killFile` to the cutover file's; a path given by a
 * flag or a variable (or inline JSON in one) to `cwd`, where the command was run.
 */
export async function resolveConfig(
  flags: Partial<Record<SettingKey, string>>,
  environment: NodeJS.ProcessEnv,
  configFile?: string,
  cwd: string = process.cwd(),
): Promise<ShimConfig> {
  const configPath = configFile === undefined ? undefined : resolve(cwd, configFile);
  const fromFile = configPath ? await readJson(configPath, 'config file') : {};
  if (fromFile === null || typeof fromFile !== 'object' || Array.isArray(fromFile))
    throw new ShimConfigError(`config file ${configFile} must hold a JSON object`);
  const unknownKey = Object.keys(fromFile).find((key) => !Object.hasOwn(SETTINGS, key));
  if (unknownKey !== undefined)
    throw new ShimConfigError(`config file ${configFile}: unknown key "${unknownKey}"; the keys are ${Object.keys(SETTINGS).join(', ')}`);

  const given: Record<string, unknown> = {};
  /** How each setting was given, for errors: its own source, or the journey map that lent it. */
  const where = new Map<SettingKey, string>();
  /** The directory relative paths inside each object setting are resolved against. */
  const bases = new Map<SettingKey, string>();
  for (const key of Object.keys(SETTINGS) as SettingKey[]) {
    const candidates: [SettingSource, unknown][] = [
      ['flag', flags[key]],
      ['environment', environment[SETTINGS[key].env] || undefined],
      ['config file', (fromFile as Record<string, unknown>)[key]],
    ];
    const found = candidates.find(([, value]) => value !== undefined);
    if (!found) continue;
    const [source, value] = found;
    const described = describeSource(key, source);
    where.set(key, described);
    if (!OBJECT_SETTINGS.has(key)) {
      given[key] = value;
      continue;
    }
    const read = await objectValue(key, value, described, source === 'config file' && configPath ? dirname(configPath) : cwd);
    given[key] = read.value;
    bases.set(key, read.base);
  }
  if (given.journeyMap !== undefined) {
    // A structured journey-map file lends its `variantIds`, `dialect` and `elements` to the settings not given otherwise.
    const { journeyMap, ...lent } = unfoldJourneyMap(given.journeyMap);
    given.journeyMap = journeyMap;
    for (const [key, value] of Object.entries(lent)) {
      if (given[key] !== undefined) continue;
      given[key] = value;
      where.set(key as SettingKey, `the "${key}" of the journey map, ${where.get('journeyMap')}`);
    }
  }

  // A cutover's mappings are journey-map entries of their own: the map may then be left out.
  if (given.cutover !== undefined && given.journeyMap === undefined) given.journeyMap = {};
  const parsed = ShimConfig.safeParse(given);
  if (!parsed.success) throw new ShimConfigError(describeIssues(parsed.error, where, given));
  const config = parsed.data;
  if (config.cutover) {
    const base = bases.get('cutover') ?? cwd;
    const { records, killFile } = config.cutover;
    config.cutover = {
      ...config.cutover,
      ...(records !== undefined && { records: resolve(base, records) }),
      ...(killFile !== undefined && { killFile: resolve(base, killFile) }),
    };
  }
  // A shared store holds subjects (Save drafts, submissions held for a shadow), sealed under the key.
  const store = config.store ?? config.cutover?.store;
  if (store && store !== 'memory' && config.storeKey === undefined)
    throw new ShimConfigError(
      `a shared store (${where.get(config.store ? 'store' : 'cutover')}) needs storeKey: give it by ${waysToGive('storeKey')} (${SETTINGS.storeKey.expects})`,
    );
  if (config.cutover?.records !== undefined)
    await writable(config.cutover.records, `records (the "records" of cutover, ${where.get('cutover')})`);
  if (config.bufferLimitBytes < config.bodyLimitBytes)
    throw new ShimConfigError(
      `bufferLimitBytes ${config.bufferLimitBytes} (${where.get('bufferLimitBytes') ?? 'the default'}) is below bodyLimitBytes ${config.bodyLimitBytes} (${where.get('bodyLimitBytes') ?? 'the default'}): a body the limit allows could never be held; give a buffer limit of at least the body limit`,
    );
  const dialect = { ...config.dialect, flowKeys: { ...config.variantIds, ...config.dialect.flowKeys } };
  const cutoverEntries = (config.cutover?.mappings ?? []).map(({ v1, v2, dialect }) => {
    // A mapping without a dialect of its own keeps the dialect of the journey map's entry for its v1 id (the flow
    // keys `compare --learn` merged in, say), where that entry has one.
    const key = journeyMapKeyOf(config.journeyMap, v1);
    const entry = key === undefined ? undefined : config.journeyMap[key];
    const kept = dialect ?? (entry !== null && typeof entry === 'object' ? (entry as { dialect?: unknown }).dialect : undefined);
    return [v1, kept === undefined ? v2 : { v2, dialect: kept }] as const;
  });
  const journeyMap = { ...config.journeyMap, ...Object.fromEntries(cutoverEntries) };
  try {
    resolveJourneyMap(journeyMap as never, dialect);
  } catch (error) {
    if (!(error instanceof JourneyMapError)) throw error;
    // With a cutover and no journey map, the entry at fault is one of the cutover's mappings.
    throw new ShimConfigError(
      `journeyMap (${where.get('journeyMap') ?? where.get('cutover')}): ${error.message}; expected ${SETTINGS.journeyMap.expects}`,
    );
  }
  return { ...config, journeyMap, dialect };
}

/** The map of a journey-map file, and the `variantIds`, `dialect` and `elements` a structured file carries beside it. */
function unfoldJourneyMap(value: unknown): { journeyMap: unknown; variantIds?: unknown; dialect?: unknown; elements?: unknown } {
  const structured = StructuredJourneyMap.safeParse(value);
  if (!structured.success) return { journeyMap: value };
  const { journeys, variantIds, dialect, elements } = structured.data;
  return {
    journeyMap: journeys,
    ...(variantIds && { variantIds }),
    ...(dialect !== undefined && { dialect }),
    ...(elements !== undefined && { elements }),
  };
}

/**
 * Settings whose values are never shown, only what is wrong with them: a secret one byte or one character off is
 * still nearly the secret, and the message ends up in container and CI logs.
 */
const SECRET_SETTINGS = new Set<SettingKey>(['storeKey', 'controlSecret']);
/** Settings that are URLs, which may carry a password in their userinfo: shown without it. */
const URL_SETTINGS = new Set<SettingKey>(['upstream', 'authUrl', 'store']);

/** What is wrong with a secret setting's value, in words that do not give the value away. */
function secretProblem(key: SettingKey, value: unknown): string {
  if (typeof value !== 'string') return 'it is not text';
  if (key !== 'storeKey') {
    const trimmed = value.trim();
    if (/\s/.test(trimmed)) return 'it has a space or a line break inside';
    if (/[^\x21-\x7e]/.test(trimmed)) return 'it has a character outside visible ASCII';
    return `it has ${trimmed.length} characters`;
  }
  // Buffer skips what is not base64 rather than refuse it: say so, or "decodes to 31 bytes" would puzzle.
  if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(value)) return `it is not base64 (${value.length} characters)`;
  return `it is base64 of ${Buffer.from(value, 'base64').byteLength} bytes`;
}

/**
 * One line per problem: a missing setting with every way to give it; a wrong one with its value (a secret's
 * never, a URL's without its password), how it was
 * given and what it expects (zod's own words only for a member inside an object setting, where they say more
 * than "Invalid input").
 */
function describeIssues(error: z.ZodError, where: ReadonlyMap<SettingKey, string>, given: Record<string, unknown>): string {
  return error.issues
    .map((issue) => {
      const [first, ...rest] = issue.path.map(String);
      const key = first as SettingKey | undefined;
      if (key === undefined || !Object.hasOwn(SETTINGS, key)) return `${issue.path.join('.') || '(config)'}: ${issue.message}`;
      const source = where.get(key);
      if (source === undefined) return `${key} is required: give it by ${waysToGive(key)} (${SETTINGS[key].expects})`;
      const value = given[key];
      if (SECRET_SETTINGS.has(key)) return `${key} (${source}) is invalid: ${secretProblem(key, value)}; expected ${SETTINGS[key].expects}`;
      // The password goes before the cut: a long URL's userinfo could straddle it.
      const text = typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
      const shown = text === undefined ? '' : ` ${JSON.stringify((URL_SETTINGS.has(key) ? withoutPassword(text) : text).slice(0, 80))}`;
      // A key the object setting does not have (a typo such as "stagee") is named: "expected …" alone hides it.
      const unknown =
        issue.code === 'unrecognized_keys' ? `unknown key(s) ${issue.keys.map((name) => JSON.stringify(name)).join(', ')}; ` : '';
      // A refinement's own words say what "expected …" alone cannot (a well-formed URL refused for its userinfo).
      const refused = issue.code === 'custom' ? `${issue.message}; ` : '';
      if (rest.length === 0) return `${key}${shown} (${source}) is invalid: ${unknown}${refused}expected ${SETTINGS[key].expects}`;
      return `${key} (${source}) at ${rest.join('.')} is invalid: ${issue.message}; expected ${SETTINGS[key].expects}`;
    })
    .join('\n');
}
