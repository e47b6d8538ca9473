import { SPECIFICATION_CATALOGUE, type Subject, type V1State } from '@journey-bridge/contract';
import { describe, expect, it } from 'vitest';
import { StepAlignment } from '../src/step-alignment.js';

const address = { lines: ['12 St James Square'], locality: 'London', postalCode: 'SW1Y 4JH', country: 'GB' };
const name = { identity: { firstName: 'Ada', lastNames: ['Lovelace'] } };
const pageOne: Subject = { identity: { ...name.identity, currentAddress: address } };
const pageTwo: Subject = { identity: { dateOfBirth: '1990-12-10' } };
const collecting =
  (...ids: string[]) =>
  (id: string) =>
    ids.includes(id);

/** Two pages, each Complete carrying its own data; the name step does not collect the address, the birth step does. */
function addressMovedLater(): StepAlignment {
  const steps = new StepAlignment({});
  steps.completed(0, pageOne);
  steps.taken(pageOne, collecting('FullName'), true);
  steps.completed(1, pageTwo);
  steps.taken({ identity: { ...pageOne.identity, ...pageTwo.identity } }, collecting('DateOfBirth', 'CurrentAddress'), true);
  return steps;
}

/** A v1 end state whose flow entries carry `subject` (or none). */
const v1End = (subject: Subject | undefined): V1State => ({
  instanceId: 'i',
  status: 'Completed',
  data: { process: { flow: { 'kyc-eu-v3': { result: { outcome: 'Match' }, ...(subject && { subject }) } } } },
});

describe('StepAlignment: a step that goes without an element in live', () => {
  it('is a difference only where v1’s journey held the element at its end', () => {
    expect(addressMovedLater().misfit(v1End({ identity: { ...pageOne.identity, ...pageTwo.identity } }))).toEqual({
      without: ['CurrentAddress'],
    });
    // v1 dropped it too: live goes without what v1 went without.
    expect(addressMovedLater().misfit(v1End({ identity: { ...name.identity, ...pageTwo.identity } }))).toBeUndefined();
  });

  it('is unknown where v1’s state says nothing of what its journey held, or the primary did not end', () => {
    expect(addressMovedLater().misfit(v1End(undefined))).toBe('unknown');
    expect(addressMovedLater().misfit(undefined)).toBe('unknown');
  });

  it('is unknown past a step whose elements are not known: what it took is not taken for missing, nor passed', () => {
    const steps = new StepAlignment({});
    steps.completed(0, pageOne);
    steps.taken(pageOne, undefined, true);
    steps.completed(1, pageTwo);
    steps.taken({ identity: { ...pageOne.identity, ...pageTwo.identity } }, collecting('DateOfBirth', 'CurrentAddress'), true);
    expect(steps.misfit(v1End(pageOne))).toBe('unknown');
  });

  it('takes a refused Complete, or more steps than Completes, as refused whatever v1 held', () => {
    const refused = new StepAlignment({});
    refused.completed(0, pageOne);
    refused.taken(pageOne, collecting('FullName'), false);
    expect(refused.misfit(undefined)).toEqual({ refused: true });
    const tooMany = new StepAlignment({});
    tooMany.completed(0, pageOne);
    tooMany.taken(pageOne, collecting('FullName'), true);
    tooMany.taken(pageOne, collecting('CurrentAddress'), true);
    expect(tooMany.misfit(v1End(pageOne))).toEqual({ refused: true });
  });

  it('counts what the prefill holds as held by live from the start', () => {
    const steps = new StepAlignment({ identity: { currentAddress: address } });
    expect(SPECIFICATION_CATALOGUE.carriedBy({ identity: { currentAddress: address } })).toEqual(['CurrentAddress']);
    steps.completed(0, name);
    steps.taken({ identity: { ...name.identity, currentAddress: address } }, collecting('FullName', 'CurrentAddress'), true);
    expect(steps.misfit(v1End(pageOne))).toBeUndefined();
  });
});
