/**
 * The two sides of the cutover bench, built the same way on the primary's thread and, as the sides module of the
 * shadow thread, on that one: the v1 client on the v1 service, the adapter on the v2 service.
 */
import { createV1Adapter } from '@journey-bridge/adapter';
import { createJourneyClient, createV1Client, staticToken } from '@journey-bridge/client';
import { contextualV1Client, type ShadowSidesFactory } from '@journey-bridge/cutover';
import { ownThreadId, pinThread } from './pin-thread.js';

export interface BenchSides {
  readonly v1: { readonly url: string; readonly token: string };
  readonly v2: { readonly url: string; readonly token: string };
  /** The core the shadow thread pins itself to, beside the v2 service; unpinned when absent. */
  readonly shadowCore?: number;
}

export const V1_ID = 'a1d7c3f0data-check-v1';
export const V2_ID = 'b2e8d4a1data-check-v2';

/** Both sides over the two services. */
export function benchSides({ v1, v2 }: BenchSides) {
  return {
    v1: contextualV1Client(createV1Client({ baseUrl: `${v1.url}/eu/captain/api/`, auth: staticToken(v1.token) })),
    v2: createV1Adapter({
      client: createJourneyClient({ baseUrl: `${v2.url}/eu/v2/captain/`, auth: staticToken(v2.token) }),
      journeyMap: { [V1_ID]: V2_ID },
      dialect: { flowKeys: { 'identity-check': 'kyc-eu-v3', 'age-check': 'age-eu-v1' } },
    }),
  };
}

export default ((data) => {
  const sides = data as BenchSides;
  if (sides.shadowCore !== undefined) pinThread(ownThreadId(), sides.shadowCore);
  return benchSides(sides);
}) satisfies ShadowSidesFactory;
