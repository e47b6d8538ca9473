import { BadRequestError, ConflictError, createJourneyClient, staticToken } from '@journey-bridge/client';
import { DOMAIN_ELEMENTS, type DomainElementId, flowOf, type Subject, V2State } from '@journey-bridge/contract';
import { createSimulator } from '@journey-bridge/simulator';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createV1Adapter } from '../src/index.js';
import { journeyMap, journeys, variantIds } from './targets.js';

type Quality = 'absent' | 'valid' | 'invalid';

const text = fc.string({ minLength: 1, maxLength: 12 }).filter((value) => value.trim().length > 0);
const ELEMENTS = {
  FullName: {
    valid: fc.record({ firstName: text, lastNames: fc.array(text, { minLength: 1, maxLength: 2 }) }).map((identity) => ({ identity })),
    invalid: fc.constant({ identity: { firstName: '', lastNames: [] } }),
  },
  DateOfBirth: {
    valid: fc
      .date({ min: new Date('1930-01-01'), max: new Date('2005-01-01'), noInvalidDate: true })
      .map((date) => ({ identity: { dateOfBirth: date.toISOString().slice(0, 10) } })),
    invalid: fc.constantFrom('31/12/1990', '1990-13-01', 'yesterday').map((dateOfBirth) => ({ identity: { dateOfBirth } })),
  },
  CurrentAddress: {
    valid: fc
      .record({
        lines: fc.array(text, { minLength: 1, maxLength: 3 }),
        locality: text,
        postalCode: text,
        country: fc.constantFrom('GB', 'IE'),
      })
      .map((currentAddress) => ({ identity: { currentAddress } })),
    invalid: fc.constant({ identity: { currentAddress: { lines: [], country: 'Great Britain' } } }),
  },
} satisfies Partial<Record<DomainElementId, { valid: fc.Arbitrary<Subject>; invalid: fc.Arbitrary<Subject> }>>;
type Element = keyof typeof ELEMENTS;
const NAMES = Object.keys(ELEMENTS) as Element[];
const REQUIRED: readonly Element[] = ['FullName', 'DateOfBirth'];

/** A part of the subject per element (or none), and in which of up to three updates each part is sent. */
const scenario = fc.record(
  Object.fromEntries(
    NAMES.map((name) => [
      name,
      fc.record({
        quality: fc.constantFrom<Quality>('valid', 'valid', 'absent', 'invalid'),
        valid: ELEMENTS[name].valid,
        invalid: ELEMENTS[name].invalid,
        batch: fc.integer({ min: 0, max: 2 }),
      }),
    ]),
  ) as Record<Element, fc.Arbitrary<{ quality: Quality; valid: Subject; invalid: Subject; batch: number }>>,
);

const merge = (parts: Subject[]): Subject => ({ identity: Object.assign({}, ...parts.map((part) => part.identity)) });

describe('updateTask properties over generated subjects', () => {
  const sim = createSimulator({ journeys, clock: { manual: true } });
  const client = createJourneyClient({ baseUrl: 'http://sim.test/eu/v2/captain/', auth: staticToken(sim.issueToken()), fetch: sim.fetch });
  const adapter = createV1Adapter({ client, journeyMap, dialect: { flowKeys: variantIds } });

  it('never sends an element twice, never loses a valid one, and the v1 state round-trips the subject', async () => {
    await fc.assert(
      fc.asyncProperty(scenario, async (parts) => {
        const { instanceId } = await adapter.startJourney({
          resourceId: 'a1d7c3f0data-check-v1@latest',
          context: { config: { async: true }, subject: {} },
        });
        const sent = (name: Element) => (parts[name].quality === 'valid' ? parts[name].valid : parts[name].invalid);
        // Like real v1 callers, each update re-sends everything sent before, plus what this batch adds.
        const batches = [0, 1, 2].map((batch) => NAMES.filter((name) => parts[name].quality !== 'absent' && parts[name].batch <= batch));
        // What v1 semantics say must be stored: valid elements of each Save, and of a Complete that succeeds.
        const expected = new Set<Element>();
        // Once a Save carried every required element, v2 went on (register: request.update-intent): its task stays
        // listed as v1's draft did, and an update adding data then is refused, never dropped silently.
        let completedBySave = false;
        for (const [index, names] of batches.entries()) {
          const { tasks } = await adapter.listTasks({ instanceId });
          if (tasks.length === 0) break;
          const intent = index === batches.length - 1 ? 'Complete' : 'Save';
          const update = adapter.updateTask({
            intent,
            instanceId,
            taskId: tasks[0]?.taskId ?? '',
            context: { subject: merge(names.map(sent)) },
          });
          const valid = names.filter((name) => parts[name].quality === 'valid');
          if (completedBySave) {
            if (valid.some((name) => !expected.has(name))) await expect(update).rejects.toBeInstanceOf(ConflictError);
            else await update;
            continue;
          }
          if (intent === 'Complete' && !REQUIRED.every((name) => expected.has(name) || valid.includes(name))) {
            // v1 refused a Complete that left a required element missing or invalid; so must the adapter.
            await expect(update).rejects.toBeInstanceOf(BadRequestError);
            continue;
          }
          await update;
          for (const name of valid) expected.add(name);
          completedBySave = intent === 'Save' && REQUIRED.every((name) => expected.has(name));
        }

        const submits = sim.core.journal.list({ instanceId, path: '*/interaction/submit' });
        const participants = submits.filter((entry) => entry.status === 200).flatMap((entry) => entry.participants ?? []);
        expect(new Set(participants).size).toBe(participants.length);
        expect(submits.every((entry) => entry.status === 200)).toBe(true);

        const v2 = V2State.parse(
          await (
            await sim.fetch('http://sim.test/eu/v2/captain/journey/state/fetch', {
              method: 'POST',
              headers: { authorization: `Bearer ${sim.issueToken()}`, 'content-type': 'application/json' },
              body: JSON.stringify({ instanceId }),
            })
          ).json(),
        );
        const stored = v2.context?.subject ?? {};
        for (const name of NAMES) {
          if (expected.has(name)) {
            expect(DOMAIN_ELEMENTS[name].pick(stored)).toEqual(DOMAIN_ELEMENTS[name].pick(parts[name].valid));
          } else {
            expect(DOMAIN_ELEMENTS[name].pick(stored)).toBeUndefined();
          }
        }

        sim.core.clock.advance(1200);
        const v1 = await adapter.fetchState({ instanceId });
        const flow = flowOf(v1);
        const completed = REQUIRED.every((name) => expected.has(name));
        expect(v1.status).toBe(completed ? 'Completed' : 'InProgress');
        // A finished journey maps every step and the decision, each carrying the subject v2 stored.
        if (completed) expect(Object.keys(flow).sort()).toEqual(['age-eu-v1', 'decision', 'kyc-eu-v3']);
        for (const entry of Object.values(flow)) expect(entry.subject).toEqual(stored);
      }),
      { numRuns: 60 },
    );
  });
});
