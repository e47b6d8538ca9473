import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/** The shim's Prometheus metrics, on a registry of its own (so two shims in one process do not collide). */
export class ShimMetrics {
  readonly registry = new Registry();
  readonly requests = new Counter({
    name: 'journey_bridge_requests_total',
    help: 'Requests answered, by route and HTTP status.',
    labelNames: ['route', 'status'] as const,
    registers: [this.registry],
  });
  readonly upstreamDuration = new Histogram({
    name: 'journey_bridge_upstream_request_duration_seconds',
    help: 'Duration of requests to the v2 upstream, by upstream path and status (0: no answer).',
    labelNames: ['path', 'status'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });
  readonly inFlight = new Gauge({
    name: 'journey_bridge_in_flight_requests',
    help: 'Requests being answered now.',
    registers: [this.registry],
  });

  constructor() {
    collectDefaultMetrics({ register: this.registry, prefix: 'journey_bridge_' });
  }

  /** A fetch that times every upstream request into `upstreamDuration`. */
  instrument(fetch: typeof globalThis.fetch): typeof globalThis.fetch {
    const timed: typeof globalThis.fetch = async (input, init) => {
      const url = new URL(input instanceof Request ? input.url : input);
      const path = url.pathname.replace(/^.*?\/(v2\/captain|as|authenticate)\//, '$1/');
      const stop = this.upstreamDuration.startTimer({ path });
      try {
        const response = await fetch(input, init);
        stop({ status: String(response.status) });
        return response;
      } catch (error) {
        stop({ status: '0' });
        throw error;
      }
    };
    // The init goes through untouched, so whatever extensions of it `fetch` declares (such as the keep-alive
    // fetch's `timeout`) hold for this one too.
    return Object.assign(timed, fetch);
  }
}
