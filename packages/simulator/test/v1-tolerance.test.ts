import { describe, expect, it } from 'vitest';
import { harness, IDS, SUBJECTS } from './harness.js';

// Bodies as a vendor engineer's command-line client and the vendor SDK sent them to live v1, which took them.
describe('v1 requests with fields the specification does not show', () => {
  it('serves task/list with journeyId and filter, and task/list/schema with the same extras', async () => {
    const h = harness();
    const { instanceId } = (await h.v1('start', { resourceId: IDS.dataCheckV1, context: { config: { async: true }, subject: {} } })).body;
    const list = await h.v1('task/list', { instanceId, journeyId: IDS.dataCheckV1, filter: { status: 'pending' } });
    expect(list.status).toBe(200);
    expect(list.body.tasks).toEqual([{ taskId: expect.any(String), variantId: 'collect-personal-details-v1' }]);
    const withSchema = await h.v1('task/list/schema', { instanceId, journeyId: IDS.dataCheckV1, filter: 'all' });
    expect(withSchema.status).toBe(200);
    expect(Object.keys(withSchema.body.schemas)).toEqual(['personal-details']);
  });

  it('serves state/fetch with context: string[] beside filterKeys', async () => {
    const h = harness();
    const { instanceId } = (
      await h.v1('start', { resourceId: IDS.dataCheckV1, context: { config: { async: true }, subject: SUBJECTS.person } })
    ).body;
    h.clock.advance(1200);
    const state = await h.v1('state/fetch', { instanceId, context: ['process', 'subject'], filterKeys: ['/^age/'] });
    expect(state.status).toBe(200);
    expect(Object.keys(state.body.data.process.flow)).toEqual(['age-eu-v1']);
  });

  it('takes task/update with data beside context, and start with fields in and around its config', async () => {
    const h = harness();
    const started = await h.v1('start', {
      resourceId: IDS.dataCheckV1,
      journeyId: 'ignored',
      context: { config: { async: true, inlineResult: false }, subject: {} },
    });
    expect(started.status).toBe(201);
    const { instanceId } = started.body;
    const taskId = (await h.v1('task/list', { instanceId })).body.tasks[0].taskId;
    const update = await h.v1('task/update', {
      intent: 'Complete',
      instanceId,
      taskId,
      data: { note: 'sdk' },
      context: { subject: SUBJECTS.person },
    });
    expect(update).toMatchObject({ status: 200, body: { instanceId, taskId } });
    // `data` is ignored, not read as the subject: the journey moved on with what context.subject carried.
    h.clock.advance(1200);
    expect((await h.v1('state/fetch', { instanceId })).body.data.process.flow['kyc-eu-v3'].subject).toEqual(SUBJECTS.person);
  });

  it('takes every intent spelling live v1 took', async () => {
    const h = harness();
    for (const [intent, answer] of [
      ['Validate', { valid: true }],
      ['validate', { valid: true }],
      ['Save', {}],
      ['SAVE', {}],
      ['complete', {}],
      ['COMPLETE', {}],
      ['Complete', {}],
    ] as const) {
      const { instanceId } = (await h.v1('start', { resourceId: IDS.dataCheckV1, context: { config: { async: true }, subject: {} } })).body;
      const taskId = (await h.v1('task/list', { instanceId })).body.tasks[0].taskId;
      const reply = await h.v1('task/update', { intent, instanceId, taskId, context: { subject: SUBJECTS.person } });
      expect(reply, intent).toMatchObject({ status: 200, body: { instanceId, taskId, ...answer } });
      const tasks = (await h.v1('task/list', { instanceId })).body.tasks;
      expect(tasks, intent).toHaveLength(intent.toLowerCase() === 'complete' ? 0 : 1);
    }
  });

  it('takes v1 paths with repeated slashes and a trailing slash, as live v1 took them behind nginx', async () => {
    const h = harness();
    const started = await h.post('/eu/captain/api//journey/start', {
      resourceId: IDS.dataCheckV1,
      context: { config: { async: true }, subject: {} },
    });
    expect(started.status).toBe(201);
    const { instanceId } = started.body;
    expect((await h.post('/eu/captain/api/journey//task/list/', { instanceId })).body.tasks).toHaveLength(1);
    expect((await h.post('/eu/captain/api/journey/state/fetch/', { instanceId })).body).toMatchObject({ instanceId, status: 'InProgress' });
    // v2 paths stay exact.
    expect((await h.post('/eu/v2/captain/journey//start', { resourceId: IDS.dataCheckV2, context: { subject: {} } })).status).toBe(404);
  });

  it('still refuses a body without what the specification requires', async () => {
    const h = harness();
    const noInstance = await h.v1('state/fetch', { filterKeys: ['/.*/'], context: ['process'] });
    expect(noInstance).toMatchObject({ status: 400, body: { status: 400, error: 'bad-request-error' } });
    expect(noInstance.body.message).toBe('instanceId is required');
    const noTask = await h.v1('task/update', { intent: 'Complete', instanceId: 'a'.repeat(32), context: { subject: {} } });
    expect(noTask.status).toBe(400);
    expect(noTask.body.message).toBe('taskId is required');
  });
});
