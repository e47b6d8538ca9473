import { V1State, V1TaskList, V1TaskListWithSchema, V1TaskSchema } from '@journey-bridge/contract';
import { Ajv } from 'ajv';
import ajvFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { b64, harness, IDS, SUBJECTS } from './harness.js';

async function startAsync(h: ReturnType<typeof harness>, resourceId: string = IDS.dataCheckV1, subject: object = {}, config: object = {}) {
  const reply = await h.v1('start', { resourceId, context: { config: { async: true, ...config }, subject } });
  expect(reply.status).toBe(201);
  return reply.body.instanceId as string;
}

describe('v1 task endpoints', () => {
  it('runs start synchronously unless async is true: the answer waits for the modules', async () => {
    const h = harness();
    let settled = false;
    const pending = h.v1('start', { resourceId: IDS.dataCheckV1, context: { subject: SUBJECTS.person } }).then((reply) => {
      settled = true;
      return reply;
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(settled).toBe(false);
    h.clock.advance(1200);
    const reply = await pending;
    expect(reply.status).toBe(201);
    const state = V1State.parse(reply.body);
    expect(state.status).toBe('Completed');
    expect(Object.keys(state.data.process?.flow ?? {})).toEqual(['kyc-eu-v3', 'age-eu-v1', 'decision']);
  });

  it('answers a synchronous start at once when the journey needs input', async () => {
    const h = harness();
    const reply = await h.v1('start', { resourceId: IDS.dataCheckV1, context: { subject: {} } });
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({ status: 'InProgress', metaData: { completedTime: '' }, data: { process: { flow: {} } } });
  });

  it('lists the pending task, then none while modules run, then none with the terminal status', async () => {
    const h = harness();
    const instanceId = await startAsync(h);
    const list = V1TaskList.parse((await h.v1('task/list', { instanceId })).body);
    expect(list.status).toBe('InProgress');
    expect(list.tasks).toEqual([{ taskId: expect.stringMatching(/^[0-9a-f]{32}$/), variantId: 'collect-personal-details-v1' }]);
    const taskId = list.tasks[0]?.taskId;
    await h.v1('task/update', { intent: 'Complete', instanceId, taskId, context: { subject: SUBJECTS.person } });
    expect((await h.v1('task/list', { instanceId })).body).toEqual({ instanceId, status: 'InProgress', tasks: [] });
    h.clock.advance(1200);
    expect((await h.v1('task/list', { instanceId })).body).toEqual({ instanceId, status: 'Completed', tasks: [] });
  });

  it('lists tasks with Draft-07 schemas referenced from each task', async () => {
    const h = harness();
    const instanceId = await startAsync(h);
    const listed = V1TaskListWithSchema.parse((await h.v1('task/list/schema', { instanceId })).body);
    expect(listed.tasks[0]?.schema).toEqual({ $ref: '#/schemas/personal-details' });
    const schema = listed.schemas['personal-details'] as Record<string, any>;
    expect(schema.$schema).toBe('http://json-schema.org/draft-07/schema#');
    expect(schema.required).toEqual(['context']);
    const subject = schema.properties.context.properties.subject;
    expect(subject.required).toEqual(['identity']);
    expect(subject.properties.identity.required).toEqual(['firstName', 'lastNames', 'dateOfBirth']);
    expect(Object.keys(subject.properties.identity.properties)).toContain('currentAddress');
  });

  it('publishes task schemas a strict Draft-07 validator (Ajv with its formats) compiles, and that take valid data', async () => {
    const h = harness();
    const ajv = new Ajv();
    // A CommonJS module: its default export is on `default` under Node's ESM interop.
    ajvFormats.default(ajv);
    // Every bundled v1 journey in the eu region (fraud-screen is published in us only).
    for (const resourceId of [IDS.dataCheckV1, IDS.docSelfieV1, IDS.accountOpeningV1, IDS.dualSourceV1, IDS.onboardingV1]) {
      const listed = V1TaskListWithSchema.parse((await h.v1('task/list/schema', { instanceId: await startAsync(h, resourceId) })).body);
      for (const [key, schema] of Object.entries(listed.schemas)) {
        expect(() => ajv.compile(schema), `${resourceId}: ${key}`).not.toThrow();
      }
    }
    const docSelfie = await startAsync(h, IDS.docSelfieV1);
    const { schemas } = V1TaskListWithSchema.parse((await h.v1('task/list/schema', { instanceId: docSelfie })).body);
    const validate = ajv.compile(Object.values(schemas)[0] as object);
    const documents = [{ type: 'Primary', side1Image: b64('front'), side2Image: '' }];
    expect(validate({ context: { subject: { documents, biometrics: [{ selfieImage: b64('face') }] } } })).toBe(true);
    expect(validate({ context: { subject: { documents: [{ ...documents[0], side1Image: 'not base64!' }] } } })).toBe(false);
  });

  it('serves a task schema by taskId alone, and 404 for an unknown task', async () => {
    const h = harness();
    const instanceId = await startAsync(h);
    const taskId = (await h.v1('task/list', { instanceId })).body.tasks[0].taskId;
    const schema = V1TaskSchema.parse((await h.v1('task/schema', { taskId })).body);
    expect(schema.required).toEqual(['context']);
    const unknown = await h.v1('task/schema', { taskId: '0'.repeat(32) });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ status: 404, message: `task "${'0'.repeat(32)}" was not found`, error: 'not-found-error' });
  });

  it('Validate checks without storing, Save keeps data, Complete (any case) moves the journey on', async () => {
    const h = harness();
    const instanceId = await startAsync(h);
    const taskId = (await h.v1('task/list', { instanceId })).body.tasks[0].taskId;
    const update = (intent: string, subject: object) => h.v1('task/update', { intent, instanceId, taskId, context: { subject } });

    const invalid = await update('Validate', SUBJECTS.fullName);
    expect(invalid.status).toBe(400);
    expect(invalid.body).toMatchObject({ status: 400, error: 'bad-request-error' });
    expect(invalid.body.message).toContain('context.subject.identity.dateOfBirth');
    expect((await update('Validate', SUBJECTS.person)).body).toEqual({ instanceId, taskId, valid: true });
    expect((await h.v1('task/list', { instanceId })).body.tasks).toHaveLength(1);

    expect((await update('Save', SUBJECTS.fullName)).body).toEqual({ instanceId, taskId });
    expect((await h.v1('task/list', { instanceId })).body.tasks).toHaveLength(1);
    // Completing with only the rest works because Save kept the name.
    const completed = await update('COMPLETE', SUBJECTS.dateOfBirth);
    expect(completed).toMatchObject({ status: 200, body: { instanceId, taskId } });
    expect((await h.v1('task/list', { instanceId })).body.tasks).toEqual([]);
  });

  it('completes a document task sent as separate sides, as a live v1 caller does', async () => {
    const h = harness();
    const instanceId = await startAsync(h, IDS.docSelfieV1);
    const taskId = (await h.v1('task/list', { instanceId })).body.tasks[0].taskId;
    const sides = { documents: [{ side1Image: b64('front') }, { side2Image: b64('back') }, { type: 'Secondary', side1Image: 'x' }] };
    const reply = await h.v1('task/update', { intent: 'Complete', instanceId, taskId, context: { subject: sides } });
    expect(reply.status).toBe(200);
    expect((await h.v1('task/list', { instanceId })).body.tasks).toEqual([]);
  });

  it('refuses Complete when a required element is missing, like v1 did', async () => {
    const h = harness();
    const instanceId = await startAsync(h);
    const taskId = (await h.v1('task/list', { instanceId })).body.tasks[0].taskId;
    const reply = await h.v1('task/update', { intent: 'Complete', instanceId, taskId, context: { subject: SUBJECTS.fullName } });
    expect(reply.status).toBe(400);
    expect(reply.body.message).toContain('dateOfBirth');
    expect((await h.v1('task/list', { instanceId })).body.tasks).toHaveLength(1);
  });

  it('refuses an update for a task that is no longer active, and an unknown intent', async () => {
    const h = harness();
    const instanceId = await startAsync(h, IDS.docSelfieV1);
    const first = (await h.v1('task/list', { instanceId })).body.tasks[0].taskId;
    await h.v1('task/update', { intent: 'Complete', instanceId, taskId: first, context: { subject: SUBJECTS.document } });
    h.clock.advance(2000);
    const stale = await h.v1('task/update', { intent: 'Complete', instanceId, taskId: first, context: { subject: SUBJECTS.selfie } });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ status: 409, error: 'conflict-error' });
    const second = (await h.v1('task/list', { instanceId })).body.tasks[0];
    expect(second.variantId).toBe('collect-selfie-v1');
    const badIntent = await h.v1('task/update', { intent: 'Finish', instanceId, taskId: second.taskId, context: { subject: {} } });
    expect(badIntent.status).toBe(400);
    expect(badIntent.body.message).toContain('intent');
  });

  it('reports state under data.process.flow.<variantId> with metaData timestamps', async () => {
    const h = harness();
    const started = h.clock.now();
    const instanceId = await startAsync(h, IDS.dataCheckV1, SUBJECTS.person);
    const running = V1State.parse((await h.v1('state/fetch', { instanceId })).body);
    expect(running.metaData).toEqual({ createdTime: new Date(started).toISOString(), completedTime: '' });
    h.clock.advance(1200);
    const done = (await h.v1('state/fetch', { instanceId })).body;
    expect(done.status).toBe('Completed');
    expect(done.metaData.completedTime).toBe(new Date(started + 1200).toISOString());
    expect(done.data.process.flow['kyc-eu-v3']).toEqual({
      result: expect.objectContaining({ outcome: 'Match', classification: 'positive' }),
      subject: SUBJECTS.person,
    });
    expect(done.data.process.flow.decision.result.outcome).toBe('Decision: Pass');
    const filtered = (await h.v1('state/fetch', { instanceId, filterKeys: ['/^kyc/'] })).body;
    expect(Object.keys(filtered.data.process.flow)).toEqual(['kyc-eu-v3']);
  });

  it('reports a failed module as Failed (v1 never says Error)', async () => {
    const h = harness();
    const subject = {
      identity: { firstName: 'G', lastNames: ['Outage'], dateOfBirth: '1986-12-09', idNumbers: [{ type: 'ssn', idNumber: '123-45-6789' }] },
    };
    const reply = await h.post('/us/captain/api/journey/start', { resourceId: IDS.fraudV1, context: { config: { async: true }, subject } });
    h.clock.advance(1000);
    const state = await h.post('/us/captain/api/journey/state/fetch', { instanceId: reply.body.instanceId });
    expect(state.body.status).toBe('Failed');
  });

  it('validates prefill only for page delivery', async () => {
    const h = harness();
    const subject = { identity: { dateOfBirth: 'yesterday' } };
    expect((await h.v1('start', { resourceId: IDS.dataCheckV1, context: { config: { async: true }, subject } })).status).toBe(201);
    const page = await h.v1('start', { resourceId: IDS.dataCheckV1, context: { config: { async: true, delivery: 'page' }, subject } });
    expect(page.status).toBe(400);
    expect(page.body).toMatchObject({ status: 400, error: 'bad-request-error' });
  });

  it('answers errors in the v1 body, including auth failures', async () => {
    const h = harness();
    const noAuth = await h.v1('task/list', { instanceId: 'x'.repeat(32) }, { authorization: '' });
    expect(noAuth.status).toBe(401);
    expect(noAuth.body).toEqual({ status: 401, message: 'the Authorization header is missing', error: 'unauthorized-error' });
    const readOnly = h.sim.issueToken('read-only-client');
    const forbidden = await h.v1(
      'start',
      { resourceId: IDS.dataCheckV1, context: { subject: {} } },
      { authorization: `Bearer ${readOnly}` },
    );
    expect(forbidden.body).toEqual({ status: 403, message: 'the API client lacks the journey.start permission', error: 'forbidden-error' });
    const unknown = await h.v1('state/fetch', { instanceId: 'x'.repeat(32) });
    expect(unknown.body).toMatchObject({ status: 404, error: 'not-found-error' });
  });

  it('keeps v1 and v2 instances apart', async () => {
    const h = harness();
    const v1Instance = await startAsync(h);
    expect((await h.v2('state/fetch', { instanceId: v1Instance })).status).toBe(404);
    const v2Instance = await h.startV2();
    expect((await h.v1('state/fetch', { instanceId: v2Instance })).status).toBe(404);
  });
});
