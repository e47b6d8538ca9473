/**
 * Every setting of `journey-bridge serve`, once: its config key, flag, environment variable and what it
 * expects. The CLI's options and help, the environment lookup and every configuration error are made from this
 * table, so a setting can always be given all three ways and an error can name each of them.
 */
export const SETTINGS = {
  upstream: { flag: 'upstream', env: 'JOURNEY_BRIDGE_UPSTREAM', expects: 'eu, us, au, or a v2 base URL (http or https)' },
  journeyMap: {
    flag: 'journey-map',
    env: 'JOURNEY_BRIDGE_JOURNEY_MAP',
    expects: 'a JSON file (or, in the config file, an object) of v1 resourceId → v2 resourceId or { "v2": …, "dialect": {…} }',
  },
  dialect: {
    flag: 'dialect',
    env: 'JOURNEY_BRIDGE_DIALECT',
    expects:
      'the v1 dialect of plain journey-map entries: a JSON object, inline or in a file (see "Choosing the dialect" in the shim docs)',
  },
  variantIds: {
    flag: 'variant-ids',
    env: 'JOURNEY_BRIDGE_VARIANT_IDS',
    expects: 'a JSON object, inline or in a file, of v2 step nodeId → v1 variantId (flow keys of plain entries)',
  },
  elements: {
    flag: 'elements',
    env: 'JOURNEY_BRIDGE_ELEMENTS',
    expects:
      'a JSON object, inline or in a file, of domain elements beyond the specification’s six: { "MobilePhone": { "fields": { "number": { "path": "contact.mobilePhone", "format": "phone" } } } }',
  },
  delivery: { flag: 'delivery', env: 'JOURNEY_BRIDGE_DELIVERY', expects: 'api or page' },
  interactionAuth: {
    flag: 'interaction-auth',
    env: 'JOURNEY_BRIDGE_INTERACTION_AUTH',
    expects: 'customer, end-user or auto (end-user tokens once a tenant refuses the caller’s token)',
  },
  port: { flag: 'port', env: 'JOURNEY_BRIDGE_PORT', expects: 'a port number from 0 to 65535' },
  host: { flag: 'host', env: 'JOURNEY_BRIDGE_HOST', expects: 'a host name or address to listen on' },
  authUrl: { flag: 'auth-url', env: 'JOURNEY_BRIDGE_AUTH_URL', expects: 'the http(s) origin of the token endpoints' },
  logLevel: { flag: 'log-level', env: 'JOURNEY_BRIDGE_LOG_LEVEL', expects: 'silent, error, warn, info or debug' },
  bodyLimitBytes: { flag: 'body-limit', env: 'JOURNEY_BRIDGE_BODY_LIMIT_BYTES', expects: 'a whole number of bytes above 0' },
  bufferLimitBytes: { flag: 'buffer-limit', env: 'JOURNEY_BRIDGE_BUFFER_LIMIT_BYTES', expects: 'a whole number of bytes above 0' },
  responseLimitBytes: { flag: 'response-limit', env: 'JOURNEY_BRIDGE_RESPONSE_LIMIT_BYTES', expects: 'a whole number of bytes above 0' },
  timeoutMs: { flag: 'timeout-ms', env: 'JOURNEY_BRIDGE_TIMEOUT_MS', expects: 'a whole number of milliseconds above 0' },
  syncStartTimeoutMs: {
    flag: 'sync-start-timeout-ms',
    env: 'JOURNEY_BRIDGE_SYNC_START_TIMEOUT_MS',
    expects: 'a whole number of milliseconds above 0',
  },
  cutover: {
    flag: 'cutover',
    env: 'JOURNEY_BRIDGE_CUTOVER',
    expects:
      'a JSON file (or, in the config file, an object) of the side-by-side cutover: v1Upstream, mappings with stages, thresholds (see the cutover docs)',
  },
  store: {
    flag: 'store',
    env: 'JOURNEY_BRIDGE_STORE',
    expects:
      'memory, or a redis:// (rediss://) URL shared by every replica (Save drafts, and the cutover’s pairing), its path a database number (/0) or none; overrides the cutover file’s store',
  },
  storeKey: {
    flag: 'store-key',
    env: 'JOURNEY_BRIDGE_STORE_KEY',
    expects:
      '32 bytes in base64: the AES-256-GCM key Save drafts and held submissions are sealed with in a shared store (prefer the variable)',
  },
  controlSecret: {
    flag: 'control-secret',
    env: 'JOURNEY_BRIDGE_CONTROL_SECRET',
    expects:
      'at least 16 visible ASCII characters, no spaces (around it they are dropped): the bearer secret of POST /cutover/kill (prefer the variable); without it the endpoint is off',
  },
  shutdownTimeoutMs: {
    flag: 'shutdown-timeout-ms',
    env: 'JOURNEY_BRIDGE_SHUTDOWN_TIMEOUT_MS',
    expects: 'a whole number of milliseconds, 0 or more',
  },
} as const satisfies Record<string, { flag: string; env: string; expects: string }>;
export type SettingKey = keyof typeof SETTINGS;

/** Where a setting's value came from. */
export type SettingSource = 'flag' | 'environment' | 'config file' | 'default';

/** `--timeout-ms`, `JOURNEY_BRIDGE_TIMEOUT_MS` or `"timeoutMs" in the config file`: how the value was given. */
export function describeSource(key: SettingKey, source: SettingSource): string {
  const setting = SETTINGS[key];
  if (source === 'flag') return `flag --${setting.flag}`;
  if (source === 'environment') return `environment variable ${setting.env}`;
  if (source === 'config file') return `config file key "${key}"`;
  return `default of ${key}`;
}

/** Every way to give a setting, for an error about a missing one. */
export const waysToGive = (key: SettingKey): string =>
  `flag --${SETTINGS[key].flag}, environment variable ${SETTINGS[key].env}, or config file key "${key}"`;
