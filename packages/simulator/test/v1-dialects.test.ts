import { describe, expect, it } from 'vitest';
import { parseJourney } from '../src/index.js';
import { harness, IDS, journeyFile, SUBJECTS } from './harness.js';

const person = (lastName: string) => ({ identity: { ...SUBJECTS.person.identity, lastNames: [lastName] } });
const address = { lines: ['12 St James Square'], locality: 'London', postalCode: 'SW1Y 4JH', country: 'GB' };
const resident = (lastName: string) => ({ identity: { ...person(lastName).identity, currentAddress: address } });

/** Resolves with the answer once the clock has moved `ms`, and checks it did not answer before. */
async function answeredAfter<T>(h: ReturnType<typeof harness>, ms: number, pending: Promise<T>): Promise<T> {
  let answered = false;
  void pending.then(() => (answered = true));
  await new Promise((resolve) => setImmediate(resolve));
  expect(answered).toBe(false);
  h.clock.advance(ms);
  return pending;
}

/** data-check under another id, with `changes` to its journey file: a dialect the bundled journeys do not show. */
async function dataCheckVariant(changes: Record<string, unknown>) {
  const file = await journeyFile('data-check');
  return parseJourney({
    ...file,
    id: 'data-check-variant',
    resourceIds: {
      v1: { production: 'a9variant-v1', preview: 'a9variant-v1-preview' },
      v2: { production: 'b9variant-v2', preview: 'b9variant-v2-preview' },
    },
    ...changes,
  });
}

describe('v1 dialect: results under data.context.process, left out until decided, synchronous start', () => {
  it('waits out the modules even when the caller asks for async, and answers the decided flow under data.context', async () => {
    const h = harness();
    const start = h.v1('start', { resourceId: IDS.accountOpeningV1, context: { config: { async: true }, subject: SUBJECTS.person } });
    const reply = await answeredAfter(h, 1500, start);
    expect(reply.status).toBe(201);
    expect(reply.body.status).toBe('Completed');
    expect(Object.keys(reply.body.data)).toEqual(['context']);
    const flow = reply.body.data.context.process.flow;
    expect(Object.keys(flow)).toEqual(['kyc-account-eu-v5', 'age-account-eu-v2', 'decision']);
    expect(flow['kyc-account-eu-v5']).toEqual({
      result: { outcome: 'Match', classification: 'positive', status: 'complete', advice: expect.any(Object) },
      subject: SUBJECTS.person,
    });
    expect(flow.decision).toEqual({ result: { outcome: 'Decision: Pass' }, subject: SUBJECTS.person });
  });

  it('leaves data.context out while the journey waits for input or runs its modules', async () => {
    const h = harness();
    const waiting = await h.v1('start', { resourceId: IDS.accountOpeningV1, context: { subject: {} } });
    expect(waiting.body.status).toBe('InProgress');
    expect(waiting.body.data).toEqual({});
    const { instanceId } = waiting.body;
    const taskId = (await h.v1('task/list', { instanceId })).body.tasks[0].taskId;
    await h.v1('task/update', { intent: 'Complete', instanceId, taskId, context: { subject: person('Review') } });
    h.clock.advance(1000);
    // One module has finished, but there is no decision yet: a caller reading data.context would throw on it.
    expect((await h.v1('state/fetch', { instanceId, filterKeys: ['/.*/'] })).body.data).toEqual({});
    h.clock.advance(500);
    const decided = (await h.v1('state/fetch', { instanceId, filterKeys: ['/.*/'] })).body;
    expect(decided.data.context.process.flow.decision.result.outcome).toBe('Decision: Manual review');
  });

  it('shows the flow of a failed journey, which has no decision, and words a rejection', async () => {
    const h = harness();
    const failing = h.v1('start', { resourceId: IDS.accountOpeningV1, context: { subject: person('Outage') } });
    const failed = (await answeredAfter(h, 1500, failing)).body;
    expect(failed.status).toBe('Failed');
    expect(Object.keys(failed.data.context.process.flow)).toEqual(['kyc-account-eu-v5', 'age-account-eu-v2']);
    expect(failed.data.context.process.flow['kyc-account-eu-v5'].result).toMatchObject({ outcome: 'ERROR', status: 'error' });

    const rejecting = h.v1('start', { resourceId: IDS.accountOpeningV1, context: { subject: person('Nomatch') } });
    const rejected = (await answeredAfter(h, 1500, rejecting)).body;
    expect(rejected.data.context.process.flow.decision.result.outcome).toBe('Decision: Reject');
  });
});

describe('v1 dialect: _ggo entries and "Decision: Pass 1+1"', () => {
  it('adds _ggo to every flow entry and words the decision under the dialect key', async () => {
    const h = harness();
    const start = h.v1('start', { resourceId: IDS.dualSourceV1, context: { subject: resident('Lovelace') } });
    const { body } = await answeredAfter(h, 1100, start);
    const flow = body.data.context.process.flow;
    expect(Object.keys(flow)).toEqual(['cra-uk-v7', 'electoral-uk-v2', 'ggo-decision']);
    for (const entry of Object.values(flow)) expect(entry).toMatchObject({ _ggo: {}, subject: resident('Lovelace') });
    expect(flow['ggo-decision'].result).toEqual({ outcome: 'Decision: Pass 1+1' });
    // An entry field is data, never the place of the result: `result` and `subject` stay the simulator's.
    expect(flow['cra-uk-v7'].result.outcome).toBe('Match');

    const reviewing = h.v1('start', { resourceId: IDS.dualSourceV1, context: { subject: resident('Review') } });
    expect((await answeredAfter(h, 1100, reviewing)).body.data.context.process.flow['ggo-decision'].result.outcome).toBe(
      'Decision: Manual review',
    );
  });

  it('keys the decision by the evaluation variantId unless the dialect names a key', async () => {
    const keyed = await dataCheckVariant({ evaluation: { variantId: 'overall' }, v1Dialect: { entryFields: { _ggo: {} } } });
    expect(keyed.v1Dialect.decision.key).toBe('overall');
    const named = await dataCheckVariant({ evaluation: { variantId: 'overall' }, v1Dialect: { decision: { key: 'verdict' } } });
    expect(named.v1Dialect.decision.key).toBe('verdict');
    // A module's flow key is its variantId: a journey-map entry's flowKeys would contradict the file.
    await expect(dataCheckVariant({ v1Dialect: { flowKeys: { 'identity-check': 'kyc' } } })).rejects.toThrow(
      "v1Dialect.flowKeys: flowKeys are the adapter's: here a module's v1 flow key is its variantId",
    );

    const h = harness({ journeys: [keyed] });
    const start = h.v1('start', { resourceId: 'a9variant-v1@latest', context: { subject: SUBJECTS.person } });
    const flow = (await answeredAfter(h, 1200, start)).body.data.process.flow;
    expect(flow.overall).toEqual({ _ggo: {}, result: { outcome: 'Decision: Pass' }, subject: SUBJECTS.person });
  });
});

describe('v1 dialect: status spellings, start and layout chosen per journey', () => {
  it('spells every v1 status as the dialect says, in start, task list and state', async () => {
    const journey = await dataCheckVariant({ v1Dialect: { statuses: { InProgress: 'Running', Completed: 'Done' } } });
    const h = harness({ journeys: [journey] });
    const started = await h.v1('start', { resourceId: 'a9variant-v1@latest', context: { config: { async: true }, subject: {} } });
    expect(started.body).toEqual({ instanceId: expect.any(String), status: 'Running' });
    const { instanceId } = started.body;
    const list = (await h.v1('task/list', { instanceId })).body;
    expect(list.status).toBe('Running');
    expect((await h.v1('task/list/schema', { instanceId })).body.status).toBe('Running');
    await h.v1('task/update', { intent: 'Complete', instanceId, taskId: list.tasks[0].taskId, context: { subject: SUBJECTS.person } });
    h.clock.advance(1200);
    expect((await h.v1('state/fetch', { instanceId })).body.status).toBe('Done');
  });

  it('answers an async dialect at once though the caller asked for nothing, and omits data.process until decided', async () => {
    const journey = await dataCheckVariant({ v1Dialect: { start: 'async', omitUntilDecided: true } });
    const h = harness({ journeys: [journey] });
    const started = await h.v1('start', { resourceId: 'a9variant-v1@latest', context: { subject: SUBJECTS.person } });
    expect(started).toMatchObject({ status: 201, body: { status: 'InProgress' } });
    const { instanceId } = started.body;
    expect((await h.v1('state/fetch', { instanceId })).body.data).toEqual({});
    h.clock.advance(1200);
    const decided = (await h.v1('state/fetch', { instanceId })).body.data;
    expect(Object.keys(decided)).toEqual(['process']);
    expect(decided.process.flow.decision.result.outcome).toBe('Decision: Pass');
  });
});

describe('v1 filterKeys, filtered by the simulator itself', () => {
  it('keeps every key a /regex/ matches, flags included, and exact keys', async () => {
    const h = harness();
    const start = h.v1('start', { resourceId: IDS.dataCheckV1, context: { subject: SUBJECTS.person } });
    const { instanceId } = (await answeredAfter(h, 1200, start)).body;
    const keys = async (filterKeys: string[]) =>
      Object.keys((await h.v1('state/fetch', { instanceId, filterKeys })).body.data.process.flow);
    // With `g`, a RegExp resumes where its last match ended: one tested key after another would be lost.
    expect(await keys(['/e/g'])).toEqual(['kyc-eu-v3', 'age-eu-v1', 'decision']);
    expect(await keys(['/^KYC/i', 'decision'])).toEqual(['kyc-eu-v3', 'decision']);
    expect(await keys(['kyc'])).toEqual([]);
  });

  /** An account-opening instance, decided: its flow holds `kyc-account-eu-v5`, the longest module key bundled. */
  async function decidedAccountOpening(h: ReturnType<typeof harness>) {
    const start = h.v1('start', { resourceId: IDS.accountOpeningV1, context: { subject: SUBJECTS.person } });
    return (await answeredAfter(h, 1500, start)).body.instanceId as string;
  }

  it('answers a pattern JavaScript would backtrack on for minutes, rightly, and refuses a backreference as a 400', async () => {
    const h = harness();
    const instanceId = await decidedAccountOpening(h);
    const keys = async (filterKeys: string[]) =>
      Object.keys((await h.v1('state/fetch', { instanceId, filterKeys })).body.data.context.process.flow);
    expect(await keys(['/account/'])).toEqual(['kyc-account-eu-v5', 'age-account-eu-v2']);
    expect(await keys(['/(.|.|.|.)*Z/', '/(.|.|.|.|.|.|.|.)*Z/'])).toEqual([]);
    expect(await keys(['/(.|.|.|.)*5$/'])).toEqual(['kyc-account-eu-v5']);

    const backreference = await h.v1('state/fetch', { instanceId, filterKeys: ['/(a)\\1/'] });
    expect(backreference.status).toBe(400);
    expect(backreference.body).toMatchObject({ status: 400, error: 'bad-request-error' });
    expect(backreference.body.message).toContain('filterKeys');
  });

  it('over HTTP, answers that pattern and then its health check', async () => {
    const h = harness();
    const instanceId = await decidedAccountOpening(h);
    const running = await h.sim.listen();
    try {
      const response = await fetch(`${running.url}/eu/captain/api/journey/state/fetch`, {
        method: 'POST',
        headers: { authorization: `Bearer ${h.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ instanceId, filterKeys: ['/(.|.|.|.)*Z/'] }),
      });
      expect(response.status).toBe(200);
      expect((await response.json()).data.context.process.flow).toEqual({});
      expect((await fetch(`${running.url}/__sim/health`)).status).toBe(200);
    } finally {
      await running.close();
    }
  });
});
