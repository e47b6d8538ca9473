/** Severity of a log line; `silent` emits nothing. */
export type LogLevel = 'silent' | 'error' | 'warn' | 'info' | 'debug';

/**
 * Where log lines go. Every call is `(message, fields)`: the message first, the fields object (`method`, `path`,
 * `status`, `durationMs`, `attempt`, `requestId`, and at debug `request` and `response`) as the second argument,
 * absent on the few lines without fields. `console` takes that as it is. pino takes `(fields, message)` and drops
 * the fields given second, so it needs an adapter that swaps them, and its own level set to the client's `logLevel`
 * (its default, `info`, drops debug lines); see docs/client.md#logging-and-redaction.
 */
export interface Logger {
  error(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  debug(message: string, fields?: Record<string, unknown>): void;
}

/** Logging options shared by every client. */
export interface LoggingOptions {
  /** Receives the client's log lines. @default console */
  logger?: Logger;
  /** Lowest level emitted. Attempts log at `debug` (success) or `warn` (failure). @default 'silent' */
  logLevel?: LogLevel;
}

const RANK: Record<LogLevel, number> = { silent: 0, error: 1, warn: 2, info: 3, debug: 4 };

/** Keys whose values are credentials. */
const SECRET_KEY = /authorization|cookie|secret|password|passwd|token|assertion|api[-_]?key|username/i;
/** Keys whose values are identity data: the subject and every part of it. */
const IDENTITY_KEY =
  /^(subject|identity|documents|biometrics|idNumbers?|firstName|middleNames|lastNames|dateOfBirth|currentAddress|side[12]Image|selfieImage|.*image)$/i;
/** Long runs of base64 (images, tokens) and JWTs, wherever they hide in a string. */
const BASE64_RUN = /[A-Za-z0-9+/_-]{64,}={0,2}|eyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*/g;
const ID_NUMBER = /\b\d{3}-?\d{2}-?\d{4}\b/g;
const BEARER = /Bearer\s+\S+/gi;
const MAX_DEPTH = 8;

/**
 * The client's logger: applies the level, and redacts every line. Redaction is by key (credentials, identity data),
 * by shape (base64 runs, JWTs, SSN-like numbers, bearer values) and by value (secrets the client was given or
 * received, registered with `addSecret`), so a leak needs all three to miss.
 */
export class Log {
  readonly #logger: Logger;
  readonly #rank: number;
  readonly #secrets = new Set<string>();

  constructor({ logger = console, logLevel = 'silent' }: LoggingOptions = {}) {
    this.#logger = logger;
    this.#rank = RANK[logLevel];
  }

  enabled(level: Exclude<LogLevel, 'silent'>): boolean {
    return RANK[level] <= this.#rank;
  }

  /** Scrubs `value` from every later line, wherever it appears. */
  addSecret(value: string | undefined): void {
    if (value && value.length >= 4) this.#secrets.add(value);
  }

  error(message: string, fields?: Record<string, unknown>): void {
    this.#emit('error', message, fields);
  }
  warn(message: string, fields?: Record<string, unknown>): void {
    this.#emit('warn', message, fields);
  }
  info(message: string, fields?: Record<string, unknown>): void {
    this.#emit('info', message, fields);
  }
  debug(message: string, fields?: Record<string, unknown>): void {
    this.#emit('debug', message, fields);
  }

  /** `value` with credentials, identity data, images and registered secrets replaced. */
  redact(value: unknown, depth = 0): unknown {
    if (typeof value === 'string') return this.#redactString(value);
    if (value === null || typeof value !== 'object') return value;
    if (depth >= MAX_DEPTH) return '[redacted: too deep]';
    if (Array.isArray(value)) return value.map((entry) => this.redact(entry, depth + 1));
    const result: Record<string, unknown> = {};
    for (const [key, entry] of Object.entries(value)) {
      if (SECRET_KEY.test(key)) result[key] = '[redacted]';
      else if (IDENTITY_KEY.test(key)) result[key] = describeRedacted(entry);
      else result[key] = this.redact(entry, depth + 1);
    }
    return result;
  }

  #redactString(text: string): string {
    let result = text;
    for (const secret of this.#secrets) result = result.replaceAll(secret, '[redacted]');
    return result.replace(BEARER, 'Bearer [redacted]').replace(BASE64_RUN, '[redacted]').replace(ID_NUMBER, '[redacted]');
  }

  #emit(level: Exclude<LogLevel, 'silent'>, message: string, fields: Record<string, unknown> | undefined): void {
    if (!this.enabled(level)) return;
    const line = this.#redactString(message);
    if (fields === undefined) this.#logger[level](line);
    else this.#logger[level](line, this.redact(fields) as Record<string, unknown>);
  }
}

/** What was there, never what it said: `[redacted object: identity, documents]`. */
function describeRedacted(value: unknown): string {
  if (Array.isArray(value)) return `[redacted array of ${value.length}]`;
  if (value !== null && typeof value === 'object') return `[redacted object: ${Object.keys(value).join(', ')}]`;
  return '[redacted]';
}
