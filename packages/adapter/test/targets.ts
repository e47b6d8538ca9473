import { createJourneyClient, createV1Client, staticToken, type V1Api } from '@journey-bridge/client';
import { type JourneyMapEntryInput, type Region, V1Dialect } from '@journey-bridge/contract';
import { bundledJourneysDir, createSimulator, type JourneyDefinition, loadJourneys, type Simulator } from '@journey-bridge/simulator';
import { createV1Adapter, createV1CompatFetch, type SaveStore, type V1Adapter, type V1AdapterOptions } from '../src/index.js';

export const journeys: readonly JourneyDefinition[] = await loadJourneys(bundledJourneysDir);

/** v1 resourceIds → v2 ones, as a team migrating these journeys would write the map. */
export const journeyMap: Record<string, string> = Object.fromEntries(
  journeys.flatMap(({ resourceIds: { v1, v2 } }) => [
    [v1.production, v2.production],
    [v1.preview, v2.preview],
  ]),
);

/** v2 step nodeIds and interaction resource ids → the v1 variantIds the same modules and tasks had in `journey`. */
const variantIdsOf = (journey: JourneyDefinition): Record<string, string> =>
  Object.fromEntries(
    journey.segments.flatMap((segment) => [
      [segment.id, segment.variantId],
      ...segment.modules.map((module) => [module.id, module.variantId]),
    ]),
  );

/**
 * Every journey's ids of `variantIdsOf` in one map, as a plain journey map's `variantIds`. Ids two journeys share
 * (`applicant` is a segment of both account-opening and fraud-screen) keep the last journey's variantId here;
 * `journeyMapOf` gives each journey its own.
 */
export const variantIds: Record<string, string> = Object.assign({}, ...journeys.map(variantIdsOf));

/**
 * The journey map a team writes for `spoken` (the journeys as their v1 surface answers them): each entry with its
 * journey's v1 dialect and own flow keys, so a task's variantId stays the one its v1 callers read.
 */
export const journeyMapOf = (spoken: readonly JourneyDefinition[]): Record<string, JourneyMapEntryInput> =>
  Object.fromEntries(
    spoken.flatMap((journey) => {
      const entry = (v2: string) => ({ v2, dialect: { ...journey.v1Dialect, flowKeys: variantIdsOf(journey) } });
      const { v1, v2 } = journey.resourceIds;
      return [
        [v1.production, entry(v2.production)],
        [v1.preview, entry(v2.preview)],
      ];
    }),
  );

/** Dialects of live v1 tenants the behaviour suite also runs in (start stays as requested: the suite starts both ways). */
export const LIVE_DIALECTS: Readonly<Record<string, V1Dialect>> = {
  'the production caller’s (data.context, absent until decided, Pass 1+1)': V1Dialect.parse({
    layout: 'context.process',
    omitUntilDecided: true,
    decision: { key: 'evaluation', outcomes: { Accept: 'Decision: Pass 1+1' } },
  }),
  'the earlier caller’s (_ggo entries, Pass 2+2, Alert for review)': V1Dialect.parse({
    entryFields: { _ggo: {} },
    decision: { key: 'ggo-decision', outcomes: { Accept: 'Decision: Pass 2+2', 'Manual review': 'Decision: Alert' } },
  }),
};

/** Which surface of the platform runs the journeys behind the `V1Api` under test. */
export type Surface = 'v1' | 'v2';

/** A `V1Api` under test, the simulator behind it, and the surface it runs on. */
export interface V1Target {
  readonly surface: Surface;
  readonly sim: Simulator;
  /** The `V1Api` for a region, with the demo client's token unless another is given. */
  api(region?: Region, token?: string): V1Api;
}

/** Makes the `V1Api` under test; `spoken` are the replaced v1 journeys, in the dialects they answered in. */
export type TargetFactory = (sim: Simulator, spoken: readonly JourneyDefinition[]) => (region: Region, token: string) => V1Api;

/** The v1 client against the simulator's v1 surface: how the legacy code runs today. */
export const v1Surface: TargetFactory = (sim) => (region, token) =>
  createV1Client({ baseUrl: `http://sim.test/${region}/captain/api/`, auth: staticToken(token), fetch: sim.fetch, retry: { limit: 0 } });

/** The adapter over the v2 client against the simulator's v2 surface: the drop-in. */
export const adapterOverV2: TargetFactory = (sim, spoken) => (region, token) =>
  createV1Adapter({
    client: createJourneyClient({
      baseUrl: `http://sim.test/${region}/v2/captain/`,
      auth: staticToken(token),
      fetch: sim.fetch,
      retry: { limit: 0 },
    }),
    journeyMap: journeyMapOf(spoken),
    syncStartIntervalMs: 1,
  });

/** The adapter over the v2 surface of `sim` in the EU, with the demo client's token; `options` are added or win. */
export const adapterOn = (sim: Simulator, options: Partial<V1AdapterOptions> = {}): V1Adapter =>
  createV1Adapter({
    client: createJourneyClient({
      baseUrl: 'http://sim.test/eu/v2/captain/',
      auth: staticToken(sim.issueToken()),
      fetch: sim.fetch,
      retry: { limit: 0 },
    }),
    journeyMap,
    dialect: { flowKeys: variantIds },
    ...options,
  });

/**
 * A target whose v1 journeys answered in `dialect`: the simulator's v1 surface speaks it, and the adapter is
 * told it through its journey map, as a team would after `journey-bridge dialect`.
 */
export function createTarget(surface: Surface, factory: TargetFactory, dialect?: V1Dialect): V1Target {
  const spoken = dialect ? journeys.map((journey) => ({ ...journey, v1Dialect: dialect })) : journeys;
  const sim = createSimulator({ journeys: spoken, clock: { manual: true } });
  const make = factory(sim, spoken);
  const token = sim.issueToken();
  return { surface, sim, api: (region = 'eu', as = token) => make(region, as) };
}

/** The v1 client's plain HTTP calls, served in-process by the fetch interceptor over the v2 surface. */
export const interceptorOverV2: TargetFactory = (sim, spoken) => (region, token) =>
  createV1Client({
    baseUrl: `http://legacy.example/${region}/captain/api/`,
    auth: staticToken(token),
    retry: { limit: 0 },
    fetch: createV1CompatFetch({
      upstream: `http://sim.test/${region}/v2/captain/`,
      journeyMap: journeyMapOf(spoken),
      syncStartIntervalMs: 1,
      retry: { limit: 0 },
      fetch: sim.fetch,
    }),
  });

/** Options of `replicas`. */
interface ReplicaOptions {
  saveStore?: SaveStore;
  updateWaitMs?: number;
  /** Replica `a`'s v2 requests wait for it to resolve before they reach the platform (one that hangs). */
  aWaitsFor?: (request: Request) => Promise<void>;
}

/**
 * Two replicas of the drop-in over one in-process platform (its clock manual), sharing one token: each adapter
 * remembers only its own Saves, unless both are given `saveStore`.
 */
export function replicas({ saveStore, updateWaitMs, aWaitsFor }: ReplicaOptions = {}) {
  const sim = createSimulator({ journeys, clock: { manual: true } });
  const token = sim.issueToken();
  const replica = (fetch: typeof globalThis.fetch) =>
    createV1Adapter({
      client: createJourneyClient({ baseUrl: 'http://sim.test/eu/v2/captain/', auth: staticToken(token), fetch }),
      journeyMap,
      ...(saveStore && { saveStore }),
      ...(updateWaitMs !== undefined && { updateWaitMs }),
    });
  const gated: typeof globalThis.fetch = async (input, init) => {
    const request = new Request(input, init);
    await aWaitsFor?.(request.clone());
    return sim.fetch(request);
  };
  return { sim, a: replica(aWaitsFor ? gated : sim.fetch), b: replica(sim.fetch) };
}
