import { pathMatcher } from './path-pattern.js';

/** One request the simulator answered. Bodies are not kept: only the identifiers tests assert on. */
export interface JournalEntry {
  seq: number;
  /** Virtual time the request arrived, ISO 8601. */
  at: string;
  method: string;
  path: string;
  /** The status answered; 0 for a connection a `reset` fault dropped without an answer. */
  status: number;
  requestId: string;
  /** Milliseconds of real time spent answering. */
  durationMs: number;
  /** The id of the fault rule that answered, if one did. */
  fault?: string;
  instanceId?: string;
  /** `participants` of a v2 submit, `intent` of a v1 update, `grant_type` of a token request. */
  participants?: string[];
  intent?: string;
  grantType?: string;
}

/** Filters for `list` and `count`. */
export interface JournalQuery {
  method?: string;
  /** Exact path, or a pattern where `*` matches any run of characters. */
  path?: string;
  status?: number;
  instanceId?: string;
}

/** The request journal: what reached the simulator, in order, for "exactly one token request" style tests. */
export class RequestJournal {
  readonly #entries: JournalEntry[] = [];
  #seq = 0;
  #clears = 0;
  /** Oldest entries are dropped beyond this. */
  readonly limit: number;

  constructor(limit = 10_000) {
    this.limit = limit;
  }

  record(entry: Omit<JournalEntry, 'seq'>): void {
    this.#seq += 1;
    this.#entries.push({ seq: this.#seq, ...entry });
    if (this.#entries.length > this.limit) this.#entries.shift();
  }

  list(query: JournalQuery = {}): JournalEntry[] {
    const matchesPath = query.path === undefined ? () => true : pathMatcher(query.path);
    return this.#entries.filter(
      (entry) =>
        (query.method === undefined || entry.method === query.method.toUpperCase()) &&
        (query.status === undefined || entry.status === query.status) &&
        (query.instanceId === undefined || entry.instanceId === query.instanceId) &&
        matchesPath(entry.path),
    );
  }

  count(query: JournalQuery = {}): number {
    return this.list(query).length;
  }

  clear(): void {
    this.#entries.length = 0;
    this.#clears += 1;
  }

  /** Changes with each `clear`: a request that arrived before one is not recorded after it. */
  get epoch(): number {
    return this.#clears;
  }
}
