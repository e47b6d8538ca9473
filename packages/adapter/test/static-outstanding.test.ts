import { ConflictError, type JourneyApiError } from '@journey-bridge/client';
import { createSimulator, type JourneyDefinition } from '@journey-bridge/simulator';
import { describe, expect, it } from 'vitest';
import { adapterOverV2, journeys } from './targets.js';

const DATA_CHECK = 'a1d7c3f0data-check-v1@latest';
const name = { identity: { firstName: 'Ada', lastNames: ['Lovelace'] } };
const address = { lines: ['1 Main St'], locality: 'London', postalCode: 'N1 1AA', country: 'GB' };
const everything = { identity: { ...name.identity, dateOfBirth: '1985-12-10', currentAddress: address } };
/** The data-check journey (name and date of birth required, address optional) on a tenant whose `outstanding` never shrinks. */
const withStaticOutstanding: JourneyDefinition[] = journeys.map((journey) =>
  journey.id === 'data-check' ? { ...journey, outstanding: 'static' } : journey,
);

/** A Save of the name, so that the Complete with everything is refused with 409 as a whole and goes one by one. */
async function savedName(fetch?: (sim: ReturnType<typeof createSimulator>) => typeof globalThis.fetch) {
  const sim = createSimulator({ journeys: withStaticOutstanding, clock: { manual: true } });
  const viaSim = fetch ? { ...sim, fetch: fetch(sim) } : sim;
  const api = adapterOverV2(viaSim, journeys)('eu', sim.issueToken());
  const { instanceId } = await api.startJourney({ resourceId: DATA_CHECK, context: { config: { async: true }, subject: {} } });
  const taskId = (await api.listTasks({ instanceId })).tasks[0]?.taskId ?? '';
  await api.updateTask({ intent: 'Save', instanceId, taskId, context: { subject: name } });
  return { sim, api, instanceId, taskId };
}

describe('a Complete on a tenant whose outstanding never shrinks, after a Save', () => {
  it('sends the optional address before the required elements that close the interaction, so the journey holds it', async () => {
    const { sim, api, instanceId, taskId } = await savedName();
    await api.updateTask({ intent: 'Complete', instanceId, taskId, context: { subject: everything } });
    const submits = sim.core.journal
      .list({ path: '*/interaction/submit' })
      .slice(-4)
      .map(({ participants, status }) => `${participants?.join('+')} ${status}`);
    expect(submits).toEqual(['FullName+DateOfBirth+CurrentAddress 409', 'CurrentAddress 200', 'FullName 409', 'DateOfBirth 200']);
    expect(sim.core.engine.get(instanceId)?.subject.identity?.currentAddress).toEqual(address);
  });

  it('reads the journey before anything is sent and again after the 409: an earlier attempt may have been taken between', async () => {
    const { sim, api, instanceId, taskId } = await savedName();
    const statesBefore = sim.core.journal.count({ path: '*/state/fetch' });
    // Data outside every element (a reference of the caller's) is compared before anything is sent, and again,
    // with the elements, once the whole submit is refused: the client may have replayed it, its first attempt taken.
    const subject = { ...everything, customerRef: 'crm-42' };
    await api.updateTask({ intent: 'Complete', instanceId, taskId, context: { subject } });
    expect(sim.core.journal.count({ path: '*/state/fetch' }) - statesBefore).toBe(2);
    expect(sim.core.engine.get(instanceId)?.subject.identity?.currentAddress).toEqual(address);
  });

  it('does not answer success when the interaction closed before it took the address (another caller completed it meanwhile)', async () => {
    // Another caller's submit of the date of birth lands just before this Complete sends the address alone.
    const { sim, api, instanceId, taskId } = await savedName((sim) => async (input, init) => {
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as { participants?: { domainElementId: string }[] }) : {};
      if (body.participants?.length === 1 && body.participants[0]?.domainElementId === 'CurrentAddress') {
        const other = { ...body, participants: [{ domainElementId: 'DateOfBirth' }] };
        await sim.fetch(input, { ...init, body: JSON.stringify(other) });
      }
      return sim.fetch(input, init);
    });
    const error = (await api.updateTask({ intent: 'Complete', instanceId, taskId, context: { subject: everything } }).then(
      () => undefined,
      (caught: unknown) => caught,
    )) as JourneyApiError;
    expect(error).toBeInstanceOf(ConflictError);
    expect(error.v1Error).toMatchObject({ status: 409, error: 'conflict-error' });
    expect(error.v1Error?.message).toContain('moved on before it took CurrentAddress');
    expect(error.v1Error?.message).not.toContain('Main St');
    expect(sim.core.engine.get(instanceId)?.subject.identity?.currentAddress).toBeUndefined();
  });
});
