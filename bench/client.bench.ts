import { clientCredentials, createDispatcher, createJourneyClient, type JourneyClient } from '@journey-bridge/client';
import { bundledJourneysDir, createSimulator, loadJourneys, type Simulator } from '@journey-bridge/simulator';
import * as hdr from 'hdr-histogram-js';
import type { Benchmark } from './run.js';

const JOURNEYS = bundledJourneysDir;
const AUTH = clientCredentials({ clientId: 'demo-client', clientSecret: 'demo-secret' });
const WARMUP = 1000;
const ROUNDS = 4;
const SAMPLES_PER_ROUND = 1500;
const CONCURRENCY = 16;
const THROUGHPUT_MS = 2000;

type Call = () => Promise<unknown>;

/** Latency of `call` in microseconds, one request at a time. */
async function sample(call: Call, count: number, histogram: hdr.Histogram): Promise<void> {
  for (let i = 0; i < count; i += 1) {
    const started = performance.now();
    await call();
    histogram.recordValue(Math.max(1, Math.round((performance.now() - started) * 1000)));
  }
}

/** Requests per second with `CONCURRENCY` callers for `THROUGHPUT_MS`. */
async function throughput(call: Call): Promise<number> {
  const until = performance.now() + THROUGHPUT_MS;
  let done = 0;
  const worker = async () => {
    while (performance.now() < until) {
      await call();
      done += 1;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return done / ((performance.now() - started) / 1000);
}

const newHistogram = () => hdr.build({ lowestDiscernibleValue: 1, highestTrackableValue: 60_000_000, numberOfSignificantValueDigits: 3 });
const ms = (us: number) => `${(us / 1000).toFixed(3)} ms`;
const pct = (ratio: number) => `${ratio >= 1 ? '+' : ''}${((ratio - 1) * 100).toFixed(1)}%`;

/** A simulator on loopback, a client for it and a started data-check journey; closed when `use` is done. */
async function withStartedJourney<T>(
  use: (setup: { sim: Simulator; url: string; client: JourneyClient; instanceId: string }) => Promise<T>,
): Promise<T> {
  const sim = createSimulator({ journeys: await loadJourneys(JOURNEYS), clock: { manual: true } });
  const server = await sim.listen();
  try {
    const client = createJourneyClient({ baseUrl: `${server.url}/eu/v2/captain/`, auth: AUTH });
    const { instanceId } = await client.startJourney({
      resourceId: 'b2e8d4a1data-check-v2@latest',
      context: { config: { delivery: 'api' }, subject: {} },
    });
    return await use({ sim, url: server.url, client, instanceId });
  } finally {
    await server.close();
  }
}

async function overhead(): Promise<string[]> {
  return withStartedJourney(async ({ sim, url: origin, client, instanceId }) => {
    const token = sim.issueToken();
    const path = '/eu/v2/captain/journey/state/fetch';
    const url = `${origin}${path}`;
    const body = JSON.stringify({ instanceId });
    const plainHeaders = { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json' };
    const byHand =
      (fetch: typeof globalThis.fetch): Call =>
      async () => {
        const response = await fetch(url, { method: 'POST', headers: plainHeaders, body });
        if (!response.ok) throw new Error(`fetch answered ${response.status}`);
        return response.json();
      };
    // What the client's first attempt does, by hand: `request` on an undici pool, the answer read as JSON.
    const pool = createDispatcher();
    const byUndici: Call = async () => {
      const answer = await pool.request({ origin, path, method: 'POST', headers: plainHeaders, body });
      if (answer.statusCode !== 200) throw new Error(`undici answered ${answer.statusCode}`);
      return answer.body.json();
    };
    const clientOnGlobalFetch = createJourneyClient({ baseUrl: `${origin}/eu/v2/captain/`, auth: AUTH, fetch: globalThis.fetch });
    const sides: Record<string, Call> = {
      'plain fetch + hand-set header': byHand(globalThis.fetch),
      'undici request by hand (the client’s transport, no client code)': byUndici,
      '@journey-bridge/client (default transport)': () => client.fetchState({ instanceId }),
      '@journey-bridge/client on globalThis.fetch': () => clientOnGlobalFetch.fetchState({ instanceId }),
    };
    const calls = Object.values(sides);
    const latency = calls.map(() => newHistogram());
    for (const call of calls) await sample(call, WARMUP, newHistogram());
    // Interleaved rounds, so drift in the machine's load hits every side alike.
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const [index, call] of calls.entries()) await sample(call, SAMPLES_PER_ROUND, latency[index] as hdr.Histogram);
    }
    const rps: number[] = [];
    for (const call of calls) rps.push(await throughput(call));
    await pool.close();
    sim.core.journal.clear();

    const p50 = (index: number) => (latency[index] as hdr.Histogram).getValueAtPercentile(50);
    const p99 = (index: number) => (latency[index] as hdr.Histogram).getValueAtPercentile(99);
    const versus = (index: number, base: number) =>
      `| ${pct(p50(index) / p50(base))} | ${pct(p99(index) / p99(base))} | ${pct((rps[index] ?? 0) / (rps[base] ?? 1))} |`;
    const ratio = p50(2) / p50(0);
    return [
      `state fetch, loopback, ${ROUNDS * SAMPLES_PER_ROUND} sequential samples each, throughput with ${CONCURRENCY} concurrent callers for ${THROUGHPUT_MS / 1000} s:`,
      '| | p50 | p99 | requests/s |',
      '|---|---|---|---|',
      ...Object.keys(sides).map((name, index) => `| ${name} | ${ms(p50(index))} | ${ms(p99(index))} | ${(rps[index] ?? 0).toFixed(0)} |`),
      `| client vs plain fetch ${versus(2, 0)}`,
      `| client vs its transport by hand (the client's own code) ${versus(2, 1)}`,
      `| client on globalThis.fetch vs plain fetch ${versus(3, 0)}`,
      `target: client adds < 10% at p50 over plain fetch → ${ratio < 1.1 ? 'met' : 'NOT met'} (${pct(ratio)}), on its undici transport; its own code adds ${pct(p50(2) / p50(1))} over that transport by hand`,
    ];
  });
}

/** Token, start, interaction fetch, submit, state fetch: one each. */
const SPEC_MINIMUM = 5;

async function journeyRequests(): Promise<string[]> {
  return withStartedJourney(async ({ sim, client, instanceId }) => {
    const { interactionId = '' } = await client.waitForInteraction(instanceId);
    await client.submitInteraction({
      instanceId,
      interactionId,
      participants: [{ domainElementId: 'FullName' }, { domainElementId: 'DateOfBirth' }],
      context: { subject: { identity: { firstName: 'Ada', lastNames: ['Lovelace'], dateOfBirth: '1985-12-10' } } },
    });
    // The modules' 1.2 s pass while the caller waits its first polling interval.
    sim.core.clock.advance(1200);
    const state = await client.waitForResult(instanceId);
    const entries = sim.core.journal.list();
    const byPath = entries.map((entry) => entry.path.replace(/^\/eu\/v2\/captain\//, '')).join(', ');
    return [
      `one complete data-check journey (${state.status}): ${entries.length} HTTP requests through the client, specification minimum ${SPEC_MINIMUM} → ${entries.length === SPEC_MINIMUM ? 'equal' : 'NOT equal'}`,
      `requests: ${byPath}`,
    ];
  });
}

const benchmark: Benchmark = {
  title: 'client overhead on state fetch vs plain fetch; HTTP requests per journey vs the specification minimum',
  async run() {
    return [...(await overhead()), '', ...(await journeyRequests())];
  },
};

export default benchmark;
