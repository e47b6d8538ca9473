import { ConflictError } from '@journey-bridge/client';
import type { Subject } from '@journey-bridge/contract';
import { createSimulator } from '@journey-bridge/simulator';
import { describe, expect, it } from 'vitest';
import { adapterOn, journeys } from './targets.js';

const b64 = (text: string) => Buffer.from(text).toString('base64');
const form = {
  identity: { firstName: 'Ada', lastNames: ['Lovelace'], dateOfBirth: '1990-12-10' },
  consent: { dataProcessing: true },
  contact: { mobilePhone: '+447700900123' },
  biometrics: [{ selfieImage: b64('me') }],
  documents: [{ type: 'Primary', side1Image: b64('DRIVING LICENCE front') }],
};

/**
 * The onboarding journey through the adapter (its elements described unless `described` is false), its form taken,
 * and v2 asking for the licence's back, or still reading the front when `frontRead` is false.
 */
async function askedForTheBack({ described = true, frontRead = true } = {}) {
  const sim = createSimulator({ journeys, clock: { manual: true } });
  const adapter = adapterOn(sim, described ? { elements: journeys.find(({ id }) => id === 'onboarding')?.elements } : {});
  const { instanceId } = await adapter.startJourney({
    resourceId: 'a3c5e7f9onboarding-v1@latest',
    context: { config: { async: true }, subject: {} },
  });
  const taskId = (await adapter.listTasks({ instanceId })).tasks[0]?.taskId as string;
  await adapter.updateTask({ intent: 'Complete', instanceId, taskId, context: { subject: form } });
  if (frontRead) sim.core.clock.advance(3000);
  const complete = (subject: Subject) => adapter.updateTask({ intent: 'Complete', instanceId, taskId, context: { subject } });
  return { sim, adapter, instanceId, complete };
}

/** The back, with a field of the Consent the journey holds that it was not given. */
const backAndMarketing = { documents: [{ side2Image: b64('back') }], consent: { marketing: true } };

describe('a document’s back sent alone, once v2 asks for it', () => {
  it('is all that is sent', async () => {
    const { sim, instanceId, complete } = await askedForTheBack();
    const submits = sim.core.journal.count({ path: '*/interaction/submit' });
    await complete({ documents: [{ side2Image: b64('back') }] });
    expect(sim.core.journal.list({ path: '*/interaction/submit' }).slice(submits)).toMatchObject([
      { status: 200, participants: ['PrimaryDocument'] },
    ]);
    expect(sim.core.engine.get(instanceId)?.subject.documents).toEqual([
      { type: 'Primary', side1Image: form.documents[0]?.side1Image, side2Image: b64('back') },
    ]);
  });

  it('with a field added to an element the journey holds: refused (v2 keeps an element as first given), nothing sent', async () => {
    const { sim, instanceId, complete } = await askedForTheBack();
    const dataSubmits = () =>
      sim.core.journal.list({ path: '*/interaction/submit' }).filter(({ participants }) => participants?.length).length;
    const submits = dataSubmits();
    const update = complete(backAndMarketing);
    await expect(update).rejects.toBeInstanceOf(ConflictError);
    await expect(update).rejects.toMatchObject({ message: expect.stringContaining('Consent') });
    expect(dataSubmits()).toBe(submits);
    expect(sim.core.engine.get(instanceId)?.subject.consent).toEqual({ dataProcessing: true });
  });
});

describe('a document’s back sent alone with data for an element nobody described the journey holds', () => {
  it('is answered 409 naming the data v2 did not keep, never success (the back itself is taken)', async () => {
    const { sim, instanceId, complete } = await askedForTheBack({ described: false });

    const update = complete(backAndMarketing);

    await expect(update).rejects.toBeInstanceOf(ConflictError);
    await expect(update).rejects.toMatchObject({ message: expect.stringContaining('context.subject.consent.marketing') });
    expect(sim.core.engine.get(instanceId)?.subject.consent).toEqual({ dataProcessing: true });
    expect(sim.core.engine.get(instanceId)?.subject.documents?.[0]?.side2Image).toBe(b64('back'));
  });
});

describe('a document’s back sent before v2 asks for it, while v2 still reads the front', () => {
  const back = b64('back');
  it.each([
    ['alone', { documents: [{ side2Image: back }] }],
    ['with the whole form again', { ...form, documents: [{ ...form.documents[0], side2Image: back }] }],
  ])('%s: is taken, as v1 took it, and the journey goes on once the front is read', async (_, update) => {
    const { sim, adapter, instanceId, complete } = await askedForTheBack({ frontRead: false });

    await complete(update);

    expect(sim.core.engine.get(instanceId)?.subject.documents?.[0]?.side2Image).toBe(back);
    sim.core.clock.advance(60_000);
    expect((await adapter.fetchState({ instanceId })).status).toBe('Completed');
  });
});
