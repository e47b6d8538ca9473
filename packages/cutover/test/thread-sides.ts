/**
 * A sides module for the shadow thread: the v1 client and the adapter over a listening simulator, as `v1Side`
 * and `v2Side` build them over its in-process fetch. `data.broken` makes it fail as a mistaken module would.
 */
import type { ShadowSidesFactory } from '../src/shadow-thread/shadow-thread.js';

export interface ThreadSidesData {
  readonly url: string;
  readonly token: string;
  /** v1 resourceIds → v2 ones (`journeyMapOf`). */
  readonly journeyMap: Readonly<Record<string, string>>;
  /** v2 step nodeIds → v1 variantIds (`variantIds`). */
  readonly flowKeys: Readonly<Record<string, string>>;
  /** Fails as a mistaken module would: by throwing, or by building something that is not two APIs. */
  readonly broken?: 'throws' | 'incomplete';
}

const createSides: ShadowSidesFactory = async (data) => {
  const { url, token, journeyMap, flowKeys, broken } = data as ThreadSidesData;
  if (broken === 'throws') throw new RangeError('no such upstream');
  if (broken === 'incomplete') return { v1: {}, v2: {} } as unknown as ReturnType<ShadowSidesFactory>;
  // Loaded only for working sides: a thread loads every module again from source, about a second of CPU, and the
  // harness would bring the simulator along.
  const [{ createV1Adapter }, { createJourneyClient, createV1Client, staticToken }, { contextualV1Client }] = await Promise.all([
    import('@journey-bridge/adapter'),
    import('@journey-bridge/client'),
    import('../src/contextual-api.js'),
  ]);
  return {
    v1: contextualV1Client(createV1Client({ baseUrl: `${url}/eu/captain/api/`, auth: staticToken(token), retry: { limit: 0 } })),
    v2: createV1Adapter({
      client: createJourneyClient({ baseUrl: `${url}/eu/v2/captain/`, auth: staticToken(token), retry: { limit: 0 } }),
      journeyMap,
      dialect: { flowKeys },
      syncStartIntervalMs: 1,
    }),
  };
};
export default createSides;
