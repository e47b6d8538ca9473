import { ElementCatalogue, Region } from '@journey-bridge/contract';
import { type ApiClient, DEMO_CLIENTS, TokenStore } from './auth.js';
import { ApiClients, clientProblems } from './clients-file.js';
import { type ClockOptions, SimClock } from './clock.js';
import { EndUserTokens } from './end-user-tokens.js';
import { JourneyEngine } from './engine.js';
import { SimulatorError } from './errors/simulator-error.js';
import { FaultInjector } from './faults.js';
import { RequestJournal } from './journal.js';
import type { JourneyDefinition } from './journey-definition.js';
import { SeededRandom } from './random.js';

/** Options of `createSimulator`. */
export interface SimulatorOptions {
  /** The journeys to serve (see `loadJourneys`). */
  journeys: readonly JourneyDefinition[];
  /** API clients and their permissions. @default DEMO_CLIENTS */
  clients?: readonly ApiClient[];
  /** Seed of instance ids, task ids, request ids and fault draws. @default 1 */
  seed?: number;
  /** Virtual time: a scale of real time, or manual. @default { scale: 1 } */
  clock?: ClockOptions;
  /** Lifetime of issued access tokens in seconds. @default 3600 */
  tokenExpiresIn?: number;
  /**
   * Scopes the client-credentials and password grants accept (a request may name several, space-separated); the
   * first is the default. `openid` is the scope a production v1 caller and the vendor's CLI ask for with the password
   * grant. @default ['svc.token', 'gbg.token', 'openid']
   */
  scopes?: readonly string[];
  /** HS256 secret the "external provider" signs `id_token`s with for the legacy exchange. @default 'journey-sim-id-token-secret' */
  idTokenSecret?: string;
  /** Largest journey request body in bytes; larger ones get 413. @default 10 MiB */
  bodyLimitBytes?: number;
  /** Region of requests that name none in their path or host. @default 'eu' */
  defaultRegion?: Region;
}

/** An option of `createSimulator` the simulator cannot run with; the message names it. */
export class SimulatorOptionError extends SimulatorError {
  override name = 'SimulatorOptionError';
}

/** A scope as OAuth 2 spells one (RFC 6749 §3.3): what `scopes` and the CLI's `--scopes` take. */
export const SCOPE_TOKEN = /^[\x21\x23-\x5b\x5d-\x7e]+$/;

/**
 * Refuses options that would otherwise be accepted and fail later, on every request (no journeys, a region that
 * is none) or in a way a test cannot see (a negative token lifetime, a fractional seed).
 */
function checkOptions({ journeys, clients = DEMO_CLIENTS }: SimulatorOptions, options: ResolvedOptions): ApiClient[] {
  const fail = (message: string): never => {
    throw new SimulatorOptionError(`createSimulator: ${message}`);
  };
  if (!Array.isArray(journeys) || journeys.length === 0) {
    fail('journeys must be a non-empty array of journey definitions (see loadJourneys and bundledJourneysDir)');
  }
  journeys.forEach((journey, index) => {
    if (!(journey?.catalogue instanceof ElementCatalogue)) {
      fail(`journeys[${index}] is not a validated journey definition: load it with loadJourneys or parseJourney`);
    }
  });
  // Checked as the CLI checks a clients file, with the same defaults: a client without permissions would otherwise
  // get tokens, then 500 on every journey call.
  const parsedClients = ApiClients.safeParse(clients);
  if (!parsedClients.success) return fail(`clients: ${clientProblems(parsedClients.error)}`);
  if (!Number.isSafeInteger(options.seed)) fail(`seed must be a whole number, got ${options.seed}`);
  if (!(Number.isSafeInteger(options.tokenExpiresIn) && options.tokenExpiresIn > 0)) {
    fail(`tokenExpiresIn must be a positive whole number of seconds, got ${options.tokenExpiresIn}`);
  }
  const { scopes } = options;
  if (!Array.isArray(scopes) || scopes.length === 0 || scopes.some((scope) => typeof scope !== 'string' || !SCOPE_TOKEN.test(scope))) {
    fail(`scopes must be a non-empty array of scope names without spaces, got ${JSON.stringify(scopes)}`);
  }
  if (typeof options.idTokenSecret !== 'string' || options.idTokenSecret === '') fail('idTokenSecret must be a non-empty string');
  if (!(Number.isSafeInteger(options.bodyLimitBytes) && options.bodyLimitBytes > 0)) {
    fail(`bodyLimitBytes must be a positive whole number, got ${options.bodyLimitBytes}`);
  }
  if (!Region.safeParse(options.defaultRegion).success) {
    fail(`defaultRegion must be one of ${Region.options.join(', ')}, got ${JSON.stringify(options.defaultRegion)}`);
  }
  return parsedClients.data as ApiClient[];
}

export type ResolvedOptions = Required<Omit<SimulatorOptions, 'journeys' | 'clients' | 'clock'>>;

/** Everything the routes share: the engine, the clock, tokens, faults and the journal. */
export class SimulatorCore {
  readonly options: ResolvedOptions;
  readonly clock: SimClock;
  readonly engine: JourneyEngine;
  readonly tokens: TokenStore;
  readonly endUserTokens: EndUserTokens;
  readonly faults: FaultInjector;
  readonly journal = new RequestJournal();
  readonly clients: ReadonlyMap<string, ApiClient>;
  readonly requestIds: SeededRandom;

  /** @throws SimulatorOptionError naming an option it cannot run with; ClockError for `clock`; DuplicateJourneyError. */
  constructor(given: SimulatorOptions) {
    const { journeys, clients: _, clock = {}, ...rest } = given;
    // An option given as `undefined` takes its default, as one left out does.
    const set = Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== undefined));
    this.options = {
      seed: 1,
      tokenExpiresIn: 3600,
      scopes: ['svc.token', 'gbg.token', 'openid'],
      idTokenSecret: 'journey-sim-id-token-secret',
      bodyLimitBytes: 10 * 1024 * 1024,
      defaultRegion: 'eu',
      ...set,
    };
    const checkedClients = checkOptions(given, this.options);
    const { seed } = this.options;
    this.clock = new SimClock(clock);
    this.engine = new JourneyEngine(journeys, this.clock, new SeededRandom(seed));
    this.tokens = new TokenStore(this.clock, this.options.tokenExpiresIn);
    this.endUserTokens = new EndUserTokens(this.clock);
    this.faults = new FaultInjector(new SeededRandom(seed + 2));
    this.requestIds = new SeededRandom(seed + 1);
    this.clients = new Map(checkedClients.map((client) => [client.clientId, client]));
  }

  /** Forgets instances, tokens, faults and the journal; journeys, clients and the clock stay. */
  reset(): void {
    this.engine.reset();
    this.tokens.clear();
    this.tokens.expiresIn = this.options.tokenExpiresIn;
    this.endUserTokens.clear();
    this.faults.clear();
    this.journal.clear();
  }
}
