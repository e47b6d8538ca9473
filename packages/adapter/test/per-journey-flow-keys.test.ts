import { createJourneyClient, createV1Client, staticToken } from '@journey-bridge/client';
import type { Region } from '@journey-bridge/contract';
import { createSimulator } from '@journey-bridge/simulator';
import { describe, expect, it } from 'vitest';
import { createV1Adapter } from '../src/index.js';
import { journeyMap, journeys } from './targets.js';

// Two journeys whose v2 interactions share the resource id `applicant`, each replacing a v1 task of its own name.
const ACCOUNT_OPENING = { v1: 'a7c1e3f5account-opening-v1', v2: 'b8d2f4a6account-opening-v2', region: 'eu' as Region };
const FRAUD_SCREEN = { v1: 'e5b1a7d4fraud-screen-v1', v2: 'f6c2b8e5fraud-screen-v2', region: 'us' as Region };
const map = {
  ...journeyMap,
  [ACCOUNT_OPENING.v1]: { v2: ACCOUNT_OPENING.v2, dialect: { flowKeys: { applicant: 'collect-applicant-v2' } } },
  [FRAUD_SCREEN.v1]: { v2: FRAUD_SCREEN.v2, dialect: { flowKeys: { applicant: 'collect-applicant-v1' } } },
};

describe('flow keys of two map entries that name one interaction resource id differently', () => {
  it.each([ACCOUNT_OPENING, FRAUD_SCREEN])('name $v1’s task as v1 did, whatever the other entry says', async ({ v1, region }) => {
    const sim = createSimulator({ journeys, clock: { manual: true } });
    const token = staticToken(sim.issueToken());
    const onV1 = createV1Client({ baseUrl: `http://sim.test/${region}/captain/api/`, auth: token, fetch: sim.fetch });
    const adapter = createV1Adapter({
      client: createJourneyClient({ baseUrl: `http://sim.test/${region}/v2/captain/`, auth: token, fetch: sim.fetch }),
      journeyMap: map,
    });
    const start = { resourceId: `${v1}@latest`, context: { config: { async: true }, subject: {} } };
    const expected = (await onV1.listTasks(await onV1.startJourney(start))).tasks.map(({ variantId }) => variantId);
    const { instanceId } = await adapter.startJourney(start);
    expect((await adapter.listTasks({ instanceId })).tasks.map(({ variantId }) => variantId)).toEqual(expected);
    expect((await adapter.listTasksWithSchema({ instanceId })).tasks.map(({ variantId }) => variantId)).toEqual(expected);
  });
});
