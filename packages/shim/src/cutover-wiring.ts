import { createHash, timingSafeEqual } from 'node:crypto';
import type { V1Adapter } from '@journey-bridge/adapter';
import type { V1Client } from '@journey-bridge/client';
import { resolveJourneyMap } from '@journey-bridge/contract';
import {
  type Cutover,
  contextualV1Client,
  createCutover,
  createRecordPublisher,
  type PairingStore,
  type RecordPublisher,
} from '@journey-bridge/cutover';
import type { Logger } from 'pino';
import type { Registry } from 'prom-client';
import type { ShimConfig } from './config.js';
import { textWithin } from './request-text.js';
import { upstreamSettings } from './upstream-apis.js';

/** The sides module of the shadow thread: the source when run from source, else the built file beside this one. */
const shadowSidesModule = new URL(import.meta.url.endsWith('.ts') ? './shadow-sides.ts' : './shadow-sides.mjs', import.meta.url);

/** What the shim serves v1 paths through when a cutover is configured, and how it stops. */
export interface ShimCutover {
  readonly cutover: Cutover;
  close(): Promise<void>;
}

/**
 * The cutover of `config.cutover`: the v1 client on the file's v1 upstream and the shim's adapter as the two
 * sides, each caller's token on every call of both, metrics on the shim's registry, records to the file's JSON
 * lines, the kill switch on SIGUSR2 and the file's kill file. With `shadowThread`, the shadow's calls run on a
 * thread of their own, at low priority, through the same sides built there (`shadow-sides.ts`).
 */
export function createShimCutover(
  config: ShimConfig & { cutover: NonNullable<ShimConfig['cutover']> },
  {
    sides: { v1, adapter },
    shadowThread,
    store,
    fetch,
    registry,
    logger,
  }: {
    /** The v1 client and the adapter, as the shim built them (`createUpstreamApis`). */
    sides: { v1: V1Client; adapter: V1Adapter };
    /** Runs the shadow's calls on a thread of their own (unless the cutover file turns it off). */
    shadowThread: boolean;
    store: PairingStore;
    /** The fetch the webhook is called with. */
    fetch: typeof globalThis.fetch;
    registry: Registry;
    logger: Logger;
  },
): ShimCutover {
  const file = config.cutover;
  const answeredIn = resolveJourneyMap(config.journeyMap as never, config.dialect);
  const { thread: threadWanted = true, ...shadow } = file.shadow;
  const thread = shadowThread && threadWanted;
  const publisher: RecordPublisher | undefined =
    file.records === undefined
      ? undefined
      : createRecordPublisher({
          file: file.records,
          hashInstanceIds: file.hashInstanceIds,
          ...(file.recordSalt && { salt: file.recordSalt }),
          // The path and the code say what to fix; each record lost after it counts as failures_total{part="publish"}.
          onError: (error) =>
            logger.error({ err: { name: error.name }, path: error.path, code: error.code }, 'cutover: pair records cannot be written'),
        });
  const cutover = createCutover({
    v1: contextualV1Client(v1),
    v2: file.calibration ? contextualV1Client(v1) : adapter,
    // Each mapping compared in the dialect it is answered in: its own, its journey-map entry's, or the shim's.
    mappings: file.mappings.map((mapping) => ({ ...mapping, dialect: answeredIn.dialectOfV1(mapping.v1) })),
    store,
    ...(publisher && { publish: publisher.publish }),
    recordOutcomes: file.recordOutcomes,
    shadow: {
      ...shadow,
      ...(thread && { thread: { module: shadowSidesModule, data: upstreamSettings(config) } }),
    },
    rollback: file.rollback,
    ...(file.webhook && { webhook: { url: file.webhook } }),
    killSwitch: { signal: 'SIGUSR2', ...(file.killFile && { file: file.killFile }) },
    registry,
    fetch,
    logger: {
      warn: (message, fields) => logger.warn(fields, message),
      error: (message, fields) => logger.error(fields, message),
    },
  });
  return {
    cutover,
    async close() {
      await cutover.close();
      await publisher?.close();
    },
  };
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

/** Equal secrets, in time that does not depend on where they differ. */
function sameSecret(given: string, expected: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

const parsed = (text: string): { mappings?: unknown } | undefined => {
  try {
    return JSON.parse(text) as { mappings?: unknown };
  } catch {
    return undefined;
  }
};

/** How `killRoute` is served: its secret, and the request body as the shim reads it. */
export interface KillRouteOptions {
  /** The bearer secret that authorises a kill; none turns the endpoint off. */
  readonly secret: string | undefined;
  /** Largest body it reads (`--body-limit`); a larger one gets 413. */
  readonly bodyLimitBytes: number;
  /** The body's chunks as node:http holds them, when served on a port. @default the fetch body */
  readonly chunks?: AsyncIterable<Uint8Array> | undefined;
}

/**
 * `POST /cutover/kill`, authorised by `Authorization: Bearer <control secret>`: new journeys of the mappings named
 * in the body's `mappings` (all when absent) start on v1 alone. A name the cutover does not have is answered beside
 * the killed ones, as the kill file logs it: a typo under pressure must not stop the kill of the others. Refused
 * (400) when the body names no mapping the cutover has, or none at all (`[]`), and (413) when it is over the body
 * limit; a caller that leaves before its body arrives kills nothing (499, as a v1 caller that leaves is counted).
 * Off (404) without a cutover or a control secret.
 */
export async function killRoute(
  request: Request,
  cutover: Cutover | undefined,
  { secret, bodyLimitBytes, chunks }: KillRouteOptions,
): Promise<Response> {
  if (!cutover || !secret) return json(404, { error: 'the kill switch endpoint is off: no cutover or no control secret is configured' });
  if (request.method !== 'POST') return json(405, { error: 'use POST' }, { allow: 'POST' });
  const given = /^Bearer\s+(\S+)$/i.exec(request.headers.get('authorization')?.trim() ?? '')?.[1];
  if (!given || !sameSecret(given, secret))
    return json(401, { error: 'the control secret is missing or wrong' }, { 'www-authenticate': 'Bearer' });
  let mappings: string[] = [];
  let text: string | undefined;
  try {
    text = await textWithin(request, chunks, bodyLimitBytes);
  } catch {
    // The caller left before its body arrived: nothing is killed, and nobody reads this answer but the books.
    return json(499, { error: 'the caller closed the connection before its body arrived: nothing was killed' });
  }
  if (text === undefined) return json(413, { error: `the request body exceeds ${bodyLimitBytes} bytes` });
  if (text.trim() !== '') {
    const body = parsed(text);
    if (!Array.isArray(body?.mappings) || !body.mappings.every((name) => typeof name === 'string'))
      return json(400, { error: 'the body is {"mappings": ["<mapping name>", …]}, or empty to kill every mapping' });
    // A list that came out empty (a script's filter that matched nothing) must not read as "every mapping".
    if (body.mappings.length === 0) return json(400, { error: 'the body names no mapping: send no body to kill every mapping' });
    mappings = body.mappings;
  }
  const known = mappings.filter((name) => cutover.mappings.includes(name));
  const unknown = mappings.filter((name) => !cutover.mappings.includes(name));
  if (mappings.length > 0 && known.length === 0)
    return json(400, {
      error: `no mapping is named ${unknown.map((name) => JSON.stringify(name)).join(', ')}: the mappings are ${cutover.mappings.join(', ')}`,
    });
  const done = { killed: mappings.length === 0 ? 'all' : known, ...(unknown.length > 0 && { unknown }), stage: 'v1' };
  try {
    await cutover.kill(known);
  } catch {
    // The kill holds on this replica; the others learn of it only through the store, so the caller should retry.
    return json(503, { error: 'killed on this replica only: the store could not be told, so the other replicas were not; retry', ...done });
  }
  return json(200, done);
}
