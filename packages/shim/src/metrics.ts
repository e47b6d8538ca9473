import { TOKEN_PATHS, V2_BASE_PATH, V2_PATHS } from '@journey-bridge/contract';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Dispatcher } from 'undici';

/** The v2 endpoints by their path under the v2 base, each with its label: the path as under `/v2/captain/`. */
const V2_LABELS: readonly (readonly [path: string, label: string])[] = Object.values(V2_PATHS).map((path) => [
  path,
  `${V2_BASE_PATH.slice(1)}${path}`,
]);

/**
 * The `path` label of an upstream request: a v2 endpoint under `v2Base` (the v2 upstream's base path, which may be
 * a gateway's own), a token path, else `other`. Under the base, not by its ending: a cutover's v1 paths end as the
 * v2 ones do (`/captain/api/journey/start`). Pass-through serves any path under the base, and a label per path
 * would let callers grow the metrics without bound.
 */
function upstreamPathLabel(target: string, v2Base: string): string {
  const end = target.search(/[?#]/);
  const path = new URL(end === -1 ? target : target.slice(0, end), 'http://upstream').pathname;
  if (path.startsWith(v2Base)) {
    const endpoint = V2_LABELS.find(([v2Path]) => path.slice(v2Base.length) === v2Path);
    if (endpoint) return endpoint[1];
  }
  return (
    Object.values(TOKEN_PATHS)
      .find((tokenPath) => path.endsWith(tokenPath))
      ?.slice(1) ?? 'other'
  );
}

/** Where the shim's upstreams are, for its metrics' labels. */
export interface ShimMetricsOptions {
  /** The v2 upstream's base URL, as `upstreamBase` gives it (its path ends with `/`). */
  v2Base: URL;
}

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
    help: 'Time to the response headers of requests to the v2 upstream, by endpoint path (other: any other) and status (0: no answer).',
    labelNames: ['path', 'status'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });
  readonly inFlight = new Gauge({
    name: 'journey_bridge_in_flight_requests',
    help: 'Requests being answered now.',
    registers: [this.registry],
  });

  readonly #v2Base: string;

  constructor({ v2Base }: ShimMetricsOptions) {
    this.#v2Base = v2Base.pathname;
    collectDefaultMetrics({ register: this.registry, prefix: 'journey_bridge_' });
  }

  /** A fetch that times every upstream request into `upstreamDuration`. */
  instrument(fetch: typeof globalThis.fetch): typeof globalThis.fetch {
    const timed: typeof globalThis.fetch = async (input, init) => {
      const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      const stop = this.upstreamDuration.startTimer({ path: upstreamPathLabel(href, this.#v2Base) });
      try {
        const response = await fetch(input, init);
        stop({ status: String(response.status) });
        return response;
      } catch (error) {
        stop({ status: '0' });
        throw error;
      }
    };
    return timed;
  }

  /**
   * An undici interceptor (`dispatcher.compose(metrics.upstreamTimer())`) that times every upstream request into
   * `upstreamDuration` until the response's headers arrive (a body's transfer is not counted); status 0 when no
   * answer came.
   */
  upstreamTimer(): Dispatcher.DispatcherComposeInterceptor {
    return (dispatch) => (options, handler) => {
      const stop = this.upstreamDuration.startTimer({ path: upstreamPathLabel(options.path, this.#v2Base) });
      let timed = false;
      const time = (status: number) => {
        if (timed) return;
        timed = true;
        stop({ status: String(status) });
      };
      return dispatch(options, {
        onRequestStart: (controller, context) => handler.onRequestStart?.(controller, context),
        onRequestUpgrade: (controller, statusCode, headers, socket) => handler.onRequestUpgrade?.(controller, statusCode, headers, socket),
        onResponseStart: (controller, statusCode, headers, statusMessage) => {
          time(statusCode);
          handler.onResponseStart?.(controller, statusCode, headers, statusMessage);
        },
        onResponseData: (controller, chunk) => handler.onResponseData?.(controller, chunk),
        onResponseEnd: (controller, trailers) => handler.onResponseEnd?.(controller, trailers),
        onResponseError: (controller, error) => {
          time(0);
          handler.onResponseError?.(controller, error);
        },
      });
    };
  }
}
