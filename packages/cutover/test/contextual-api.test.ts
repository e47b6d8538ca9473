import type { CallContext } from '@journey-bridge/adapter';
import { describe, expect, it } from 'vitest';
import { createPlatform, journeys, person, personal, republished, v1Side } from './harness.js';

/** The data check on a tenant that spells a running journey `IN_PROGRESS`. */
const capitals = (() => {
  const journey = republished('capitals', [personal]);
  return { ...journey, v1Dialect: { ...journey.v1Dialect, statuses: { InProgress: 'IN_PROGRESS' } } };
})();

describe('the v1 client as a contextual API', () => {
  it('notes the spelling of the last answer with a status, and forgets one an earlier answer left', async () => {
    const sim = createPlatform({ journeys: [...journeys, capitals], clock: { manual: true } });
    const context: CallContext = {};
    const api = v1Side(sim).withContext(context);
    const { instanceId } = await api.startJourney({
      resourceId: `${capitals.resourceIds.v1.production}@latest`,
      context: { config: { async: true }, subject: person },
    });
    expect((await api.fetchState({ instanceId })).status).toBe('InProgress');
    expect(context.statusSpelling).toBe('IN_PROGRESS');
    sim.core.clock.advance(60_000);
    expect((await api.fetchState({ instanceId })).status).toBe('Completed');
    expect(context.statusSpelling).toBeUndefined();
  });
});
