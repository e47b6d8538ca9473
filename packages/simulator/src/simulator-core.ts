import type { Region } from '@journey-bridge/contract';
import { type ApiClient, DEMO_CLIENTS, TokenStore } from './auth.js';
import { type ClockOptions, SimClock } from './clock.js';
import { EndUserTokens } from './end-user-tokens.js';
import { JourneyEngine } from './engine.js';
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
   * first is the default. A production v1 caller asks for `openid`. @default ['svc.token', 'gbg.token']
   */
  scopes?: readonly string[];
  /** HS256 secret the "external provider" signs `id_token`s with for the legacy exchange. @default 'journey-sim-id-token-secret' */
  idTokenSecret?: string;
  /** Largest journey request body in bytes; larger ones get 413. @default 10 MiB */
  bodyLimitBytes?: number;
  /** Region of requests that name none in their path or host. @default 'eu' */
  defaultRegion?: Region;
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

  constructor({ journeys, clients = DEMO_CLIENTS, clock = {}, ...rest }: SimulatorOptions) {
    this.options = {
      seed: 1,
      tokenExpiresIn: 3600,
      scopes: ['svc.token', 'gbg.token'],
      idTokenSecret: 'journey-sim-id-token-secret',
      bodyLimitBytes: 10 * 1024 * 1024,
      defaultRegion: 'eu',
      ...rest,
    };
    const { seed } = this.options;
    this.clock = new SimClock(clock);
    this.engine = new JourneyEngine(journeys, this.clock, new SeededRandom(seed));
    this.tokens = new TokenStore(this.clock, this.options.tokenExpiresIn);
    this.endUserTokens = new EndUserTokens(this.clock);
    this.faults = new FaultInjector(new SeededRandom(seed + 2));
    this.requestIds = new SeededRandom(seed + 1);
    this.clients = new Map(clients.map((client) => [client.clientId, client]));
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
