import { readFile } from 'node:fs/promises';
import { Delivery, Region } from '@journey-bridge/contract';
import { z } from 'zod';

/** Everything `journey-bridge serve` can be told, from flags, environment variables or a config file. */
export const ShimConfig = z.strictObject({
  /** `eu`, `us`, `au`, or a v2 base URL such as `http://127.0.0.1:4010/eu/v2/captain/`. */
  upstream: z.union([Region, z.url({ protocol: /^https?$/ })]),
  /** Origin of the token endpoints requests are passed to. @default the upstream's origin */
  authUrl: z.url({ protocol: /^https?$/ }).optional(),
  /** @default 8080 */
  port: z.coerce.number().int().min(0).max(65535).default(8080),
  /** @default '127.0.0.1' */
  host: z.string().min(1).default('127.0.0.1'),
  /** v1 resourceIds → v2 resourceIds, or the path of a JSON file holding them (optionally with variantIds). */
  journeyMap: z.union([z.string().min(1), z.record(z.string(), z.string())]),
  /** v2 step nodeIds → v1 variantIds for the flow keys. @default {} */
  variantIds: z.record(z.string(), z.string()).default({}),
  /** @default 'api' */
  delivery: Delivery.default('api'),
  /** Where the v1 state puts the flow. @default 'process' */
  flowAt: z.enum(['process', 'context.process']).default('process'),
  /** Largest request body in bytes, on every path; counted while it streams. @default 10 MiB */
  bodyLimitBytes: z.coerce
    .number()
    .int()
    .positive()
    .default(10 * 1024 * 1024),
  /** Largest upstream response body in bytes, on every path; a larger one is answered 502. @default 16 MiB */
  responseLimitBytes: z.coerce
    .number()
    .int()
    .positive()
    .default(16 * 1024 * 1024),
  /** Upstream timeout per attempt, ms, on every path (pass-through included). @default 30000 */
  timeoutMs: z.coerce.number().int().positive().default(30_000),
  /** How long a synchronous v1 start waits for the journey, ms. @default 30000 */
  syncStartTimeoutMs: z.coerce.number().int().positive().default(30_000),
  /** How long SIGTERM waits for in-flight requests before closing them, ms. @default 10000 */
  shutdownTimeoutMs: z.coerce.number().int().nonnegative().default(10_000),
  /** @default 'info' */
  logLevel: z.enum(['silent', 'error', 'warn', 'info', 'debug']).default('info'),
});
export type ShimConfig = z.output<typeof ShimConfig>;
export type ShimConfigInput = z.input<typeof ShimConfig>;

/** Environment variables and the config keys they set. */
export const ENVIRONMENT = {
  JOURNEY_BRIDGE_UPSTREAM: 'upstream',
  JOURNEY_BRIDGE_AUTH_URL: 'authUrl',
  JOURNEY_BRIDGE_PORT: 'port',
  JOURNEY_BRIDGE_HOST: 'host',
  JOURNEY_BRIDGE_JOURNEY_MAP: 'journeyMap',
  JOURNEY_BRIDGE_LOG_LEVEL: 'logLevel',
  JOURNEY_BRIDGE_BODY_LIMIT_BYTES: 'bodyLimitBytes',
  JOURNEY_BRIDGE_RESPONSE_LIMIT_BYTES: 'responseLimitBytes',
  JOURNEY_BRIDGE_TIMEOUT_MS: 'timeoutMs',
  JOURNEY_BRIDGE_SHUTDOWN_TIMEOUT_MS: 'shutdownTimeoutMs',
} as const satisfies Record<string, keyof ShimConfigInput>;

/** A configuration that cannot be used; the message names the source and the field. */
export class ShimConfigError extends Error {
  override name = 'ShimConfigError';
}

const JourneyMapFile = z.union([
  z.strictObject({ journeys: z.record(z.string(), z.string()), variantIds: z.record(z.string(), z.string()).optional() }),
  z.record(z.string(), z.string()),
]);

async function readJson(path: string, what: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new ShimConfigError(`cannot read ${what} ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new ShimConfigError(`${what} ${path} is not valid JSON`);
  }
}

const describe = (error: z.ZodError) => error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`).join('; ');

/**
 * The configuration from its three sources: `flags` win over `environment`, which wins over the `configFile`.
 * A journey map given as a path is read here, so a bad file stops the start, not the first request.
 */
export async function resolveConfig(
  flags: Partial<Record<keyof ShimConfigInput, string>>,
  environment: NodeJS.ProcessEnv,
  configFile?: string,
): Promise<ShimConfig> {
  const fromFile = configFile ? await readJson(configFile, 'config file') : {};
  if (fromFile === null || typeof fromFile !== 'object' || Array.isArray(fromFile))
    throw new ShimConfigError(`config file ${configFile} must hold a JSON object`);
  const fromEnvironment = Object.fromEntries(
    Object.entries(ENVIRONMENT).flatMap(([variable, key]) => (environment[variable] ? [[key, environment[variable]]] : [])),
  );
  const definedFlags = Object.fromEntries(Object.entries(flags).filter(([, value]) => value !== undefined));
  const parsed = ShimConfig.safeParse({ ...(fromFile as Record<string, unknown>), ...fromEnvironment, ...definedFlags });
  if (!parsed.success) throw new ShimConfigError(`invalid configuration: ${describe(parsed.error)}`);
  const config = parsed.data;
  if (typeof config.journeyMap === 'string') {
    const file = JourneyMapFile.safeParse(await readJson(config.journeyMap, 'journey map'));
    if (!file.success) throw new ShimConfigError(`journey map ${config.journeyMap}: ${describe(file.error)}`);
    const structured = 'journeys' in file.data && typeof file.data.journeys === 'object';
    const journeys = (structured ? file.data.journeys : file.data) as Record<string, string>;
    const variantIds = (structured ? file.data.variantIds : undefined) as Record<string, string> | undefined;
    return { ...config, journeyMap: journeys, variantIds: { ...variantIds, ...config.variantIds } };
  }
  return config;
}
