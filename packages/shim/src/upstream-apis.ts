import { callerToken, createV1Adapter, type SaveStore, type V1Adapter } from '@journey-bridge/adapter';
import { type ClientOptions, createJourneyClient, createV1Client, type V1Client } from '@journey-bridge/client';
import { type JourneyMapEntryInput, Region, regionHost, V2_BASE_PATH } from '@journey-bridge/contract';
import type { Logger } from 'pino';
import type { ShimConfig } from './config.js';

/** How the shim's clients send: over a dispatcher (its own pool), or through a fetch it was given. */
export type Upstream = Pick<ClientOptions, 'dispatcher' | 'fetch'>;

/** The v2 base the upstream option names: a region's public host, or the URL itself. */
export function upstreamBase(upstream: string): URL {
  const region = Region.safeParse(upstream);
  const url = region.success ? new URL(V2_BASE_PATH, regionHost(region.data)) : new URL(upstream);
  if (!url.pathname.endsWith('/')) url.pathname += '/';
  return url;
}

/** What the APIs are built from: the settings they read, and nothing else (no store, secret or salt). */
export interface UpstreamSettings
  extends Pick<
    ShimConfig,
    'upstream' | 'timeoutMs' | 'interactionAuth' | 'journeyMap' | 'dialect' | 'elements' | 'delivery' | 'syncStartTimeoutMs'
  > {
  readonly cutover?: { readonly v1Upstream: string; readonly calibration: boolean } | undefined;
}

/** The settings of `config` the APIs are built from: what the shadow thread is handed. */
export function upstreamSettings(config: ShimConfig): UpstreamSettings {
  const { upstream, timeoutMs, interactionAuth, journeyMap, dialect, elements, delivery, syncStartTimeoutMs, cutover } = config;
  return {
    upstream,
    timeoutMs,
    interactionAuth,
    journeyMap,
    dialect,
    elements,
    delivery,
    syncStartTimeoutMs,
    ...(cutover && { cutover: { v1Upstream: cutover.v1Upstream, calibration: cutover.calibration } }),
  };
}

/** The APIs the shim calls the platform with. */
export interface UpstreamApis {
  /** The adapter over the v2 client: v1 paths served on v2 journeys. */
  readonly adapter: V1Adapter;
  /** The v1 client on the cutover file's v1 upstream, when a cutover is configured. */
  readonly v1: V1Client | undefined;
}

/**
 * The adapter and, with a cutover, the v1 client, both sending each caller's token: built once for the shim's
 * own calls and again from the same settings on the cutover's shadow thread (there over a pool of its own, so
 * not timed in the shim's upstream histogram, and without the debug logger). The adapter keeps what Saves left in
 * `saveStore` (the replicas' shared one); the shadow thread's keeps its own, as one replica drives each shadow.
 */
export function createUpstreamApis(
  config: UpstreamSettings,
  upstream: Upstream,
  { logger, saveStore }: { logger?: Logger | undefined; saveStore?: SaveStore | undefined } = {},
): UpstreamApis {
  const client = createJourneyClient({
    baseUrl: upstreamBase(config.upstream),
    auth: callerToken(),
    ...upstream,
    timeoutMs: config.timeoutMs,
    // A Retry-After of hours is waited out no longer than an attempt may take: the caller is held by the operator's
    // setting, not by the upstream's, and gets the 429 or 503 once the retries are used up.
    retry: { maxRetryAfterMs: config.timeoutMs },
    interactionAuth: config.interactionAuth,
  });
  const adapter = createV1Adapter({
    client,
    journeyMap: config.journeyMap as Readonly<Record<string, JourneyMapEntryInput>>,
    dialect: config.dialect,
    elements: config.elements,
    delivery: config.delivery,
    syncStartTimeoutMs: config.syncStartTimeoutMs,
    ...(saveStore && { saveStore }),
    ...(logger?.isLevelEnabled('debug') && { logger: { debug: (message: string, fields?: object) => logger.debug(fields, message) } }),
  });
  // No retries: as the primary, v1's answers reach the app as v1 gave them (its own retries follow the error
  // table); as the shadow, the mirror waits out a burst of failures itself.
  const v1 =
    config.cutover &&
    createV1Client({
      baseUrl: config.cutover.v1Upstream,
      auth: callerToken(),
      ...upstream,
      timeoutMs: config.timeoutMs,
      retry: { limit: 0 },
    });
  return { adapter, v1 };
}
