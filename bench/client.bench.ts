/**
 * The client's cost over plain fetch on state fetch (latency and throughput, loopback, same run), and the number of
 * HTTP requests one complete journey takes through the client against the minimum the specification needs.
 */
import { fileURLToPath } from 'node:url';
import { clientCredentials, createJourneyClient, type JourneyClient } from '@journey-bridge/client';
import { createSimulator, loadJourneys, type Simulator } from '@journey-bridge/simulator';
import * as hdr from 'hdr-histogram-js';
import type { Benchmark } from './run.js';

const JOURNEYS = fileURLToPath(new URL('../test-fixtures/journeys', import.meta.url));
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
    const url = `${origin}/eu/v2/captain/journey/state/fetch`;
    const body = JSON.stringify({ instanceId });
    const plainHeaders = { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json' };
    const plain: Call = async () => {
      const response = await fetch(url, { method: 'POST', headers: plainHeaders, body });
      if (!response.ok) throw new Error(`plain fetch answered ${response.status}`);
      return response.json();
    };
    // What any client that sends a retryable Request pays before its own code runs: ky clones every request so
    // that a retry can resend the body.
    const requestFloor: Call = async () => {
      const request = new Request(url, { method: 'POST', headers: plainHeaders, body, duplex: 'half' } as RequestInit);
      request.clone();
      const response = await fetch(request);
      return response.json();
    };
    const viaClient: Call = () => client.fetchState({ instanceId });

    await sample(plain, WARMUP, newHistogram());
    await sample(requestFloor, WARMUP, newHistogram());
    await sample(viaClient, WARMUP, newHistogram());
    const plainLatency = newHistogram();
    const floorLatency = newHistogram();
    const clientLatency = newHistogram();
    // Interleaved rounds, so drift in the machine's load hits every side alike.
    for (let round = 0; round < ROUNDS; round += 1) {
      await sample(plain, SAMPLES_PER_ROUND, plainLatency);
      await sample(requestFloor, SAMPLES_PER_ROUND, floorLatency);
      await sample(viaClient, SAMPLES_PER_ROUND, clientLatency);
    }
    const plainRps = await throughput(plain);
    const floorRps = await throughput(requestFloor);
    const clientRps = await throughput(viaClient);
    sim.core.journal.clear();

    const p50 = clientLatency.getValueAtPercentile(50) / plainLatency.getValueAtPercentile(50);
    const p99 = clientLatency.getValueAtPercentile(99) / plainLatency.getValueAtPercentile(99);
    return [
      `state fetch, loopback, ${ROUNDS * SAMPLES_PER_ROUND} sequential samples each, throughput with ${CONCURRENCY} concurrent callers for ${THROUGHPUT_MS / 1000} s:`,
      '| | p50 | p99 | requests/s |',
      '|---|---|---|---|',
      `| plain fetch + hand-set header | ${ms(plainLatency.getValueAtPercentile(50))} | ${ms(plainLatency.getValueAtPercentile(99))} | ${plainRps.toFixed(0)} |`,
      `| fetch(Request) + clone, no client code | ${ms(floorLatency.getValueAtPercentile(50))} | ${ms(floorLatency.getValueAtPercentile(99))} | ${floorRps.toFixed(0)} |`,
      `| @journey-bridge/client | ${ms(clientLatency.getValueAtPercentile(50))} | ${ms(clientLatency.getValueAtPercentile(99))} | ${clientRps.toFixed(0)} |`,
      `| client vs plain | ${pct(p50)} | ${pct(p99)} | ${pct(clientRps / plainRps)} |`,
      `| client vs fetch(Request) + clone | ${pct(clientLatency.getValueAtPercentile(50) / floorLatency.getValueAtPercentile(50))} | ${pct(clientLatency.getValueAtPercentile(99) / floorLatency.getValueAtPercentile(99))} | ${pct(clientRps / floorRps)} |`,
      `target: client adds < 10% at p50 → ${p50 < 1.1 ? 'met' : 'NOT met'}`,
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
