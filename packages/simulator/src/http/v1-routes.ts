import {
  mergeSubject,
  type Subject,
  TaskListRequest,
  TaskSchemaRequest,
  TaskUpdateRequest,
  V1_PATHS,
  V1StartRequest,
  V1StateRequest,
} from '@journey-bridge/contract';
import { Hono } from 'hono';
import { hasSide1, hasSide2 } from '../document-sides.js';
import { currentSegment } from '../engine.js';
import { invalidBody, quote, SimError } from '../sim-error.js';
import type { SimulatorCore } from '../simulator-core.js';
import { taskListView, taskListWithSchemaView, taskSchemaOf, v1StateView, v1StatusOf } from '../views-v1.js';
import type { SimEnv } from './env.js';
import { authorize, instanceFor } from './guards.js';
import { readJsonBody } from './read-body.js';
import { validatePrefill } from './v2-routes.js';

/** The deprecated v1 task endpoints under `/captain/api/`. */
export function v1Routes(core: SimulatorCore): Hono<SimEnv> {
  const { engine, tokens, options } = core;
  const app = new Hono<SimEnv>();
  const body = (c: Parameters<typeof readJsonBody>[0]) => readJsonBody(c, options.bodyLimitBytes);

  app.post(V1_PATHS.start, async (c) => {
    authorize(c, tokens, 'journey.start');
    const parsed = V1StartRequest.safeParse(await body(c), { reportInput: true });
    if (!parsed.success) throw invalidBody(parsed.error);
    const { resourceId, context } = parsed.data;
    const match = engine.findByResourceId('v1', c.get('region'), resourceId);
    if (!match) {
      throw new SimError({
        kind: 'NOT_FOUND',
        problem: `resourceId ${quote(resourceId)} is not a v1 journey published in region ${c.get('region')}`,
      });
    }
    const delivery = context.config?.delivery ?? 'api';
    // v1 validated prefill only for page delivery.
    if (delivery === 'page') validatePrefill(match.journey.catalogue, context.subject);
    const instance = engine.start({ ...match, version: 'v1', delivery, subject: context.subject });
    c.set('journal', { instanceId: instance.id });
    // A dialect's `sync` or `async` start is how that v1 journey answered, whatever the caller asked for.
    const { start } = match.journey.v1Dialect;
    if (start === 'async' || (start === 'as-requested' && context.config?.async === true)) {
      return c.json({ instanceId: instance.id, status: v1StatusOf(instance) }, 201);
    }
    await engine.settled(instance);
    return c.json(v1StateView(instance), 201);
  });

  app.post(V1_PATHS.taskList, async (c) => {
    authorize(c, tokens, 'journey.read');
    const parsed = TaskListRequest.safeParse(await body(c), { reportInput: true });
    if (!parsed.success) throw invalidBody(parsed.error);
    return c.json(taskListView(instanceFor(c, engine, 'v1', parsed.data.instanceId)));
  });

  app.post(V1_PATHS.taskListSchema, async (c) => {
    authorize(c, tokens, 'journey.read');
    const parsed = TaskListRequest.safeParse(await body(c), { reportInput: true });
    if (!parsed.success) throw invalidBody(parsed.error);
    return c.json(taskListWithSchemaView(instanceFor(c, engine, 'v1', parsed.data.instanceId)));
  });

  app.post(V1_PATHS.taskSchema, async (c) => {
    authorize(c, tokens, 'journey.read');
    const parsed = TaskSchemaRequest.safeParse(await body(c), { reportInput: true });
    if (!parsed.success) throw invalidBody(parsed.error);
    const task = engine.task(parsed.data.taskId);
    const segment = task?.instance.journey.segments[task.segmentIndex];
    if (!task || !segment || task.instance.journey.region !== c.get('region')) {
      throw new SimError({ kind: 'NOT_FOUND', problem: `task ${quote(parsed.data.taskId)} was not found` });
    }
    return c.json(taskSchemaOf(task.instance.journey, segment, task.instance.side2 === 'required'));
  });

  app.post(V1_PATHS.taskUpdate, async (c) => {
    authorize(c, tokens, 'journey.submit');
    const parsed = TaskUpdateRequest.safeParse(await body(c), { reportInput: true });
    if (!parsed.success) throw invalidBody(parsed.error);
    const { intent, instanceId, taskId, context } = parsed.data;
    c.set('journal', { instanceId, intent });
    const instance = instanceFor(c, engine, 'v1', instanceId);
    const task = engine.task(taskId);
    if (!task || task.instance !== instance) {
      throw new SimError({ kind: 'NOT_FOUND', problem: `task ${quote(taskId)} was not found on instance ${quote(instanceId)}` });
    }
    const segment = currentSegment(instance);
    if (
      instance.status !== 'InProgress' ||
      task.segmentIndex !== instance.segmentIndex ||
      !segment ||
      instance.processingUntil !== undefined
    ) {
      throw new SimError({ kind: 'JOURNEY_NOT_ACTIVE', problem: `task ${quote(taskId)} is no longer active` });
    }
    const { catalogue } = instance.journey;
    const merged: Subject = mergeSubject(mergeSubject(instance.subject, instance.draft), context.subject);

    if (intent === 'Save') {
      instance.draft = mergeSubject(instance.draft, context.subject);
      return c.json({ instanceId, taskId });
    }
    // Each element is checked on its own: documents of other types, or sides sent apart, do not fail the task.
    const problems = segment.collects.flatMap(({ element, spec }) =>
      spec === 'required' ? (catalogue.problem(merged, element) ?? []) : [],
    );
    // v1 has no instructions: a document known to be two-sided is incomplete without its back, which the task's
    // schema then requires too. Taken without it, the task would stay open with nothing telling the caller why.
    const document = segment.collects.find(({ element }) => element === 'PrimaryDocument');
    if (document && instance.side2 === 'required' && (document.spec === 'required' || hasSide1(merged)) && !hasSide2(merged)) {
      problems.push(
        'PrimaryDocument is missing its back: context.subject.documents[type=Primary].side2Image is required for this document',
      );
    }
    if (problems.length > 0) throw new SimError(problems.map((problem) => ({ kind: 'MISSING_FIELD' as const, problem })));
    if (intent === 'Validate') return c.json({ instanceId, taskId, valid: true });

    // Complete: keep the task's elements (an invalid optional one is dropped) and let the journey move on.
    const taken = segment.collects.reduce<Subject>(
      (sum, { element }) => (catalogue.isValid(merged, element) ? mergeSubject(sum, catalogue.get(element)?.pick(merged) ?? {}) : sum),
      {},
    );
    instance.draft = {};
    engine.accept(instance, taken);
    return c.json({ instanceId, taskId });
  });

  app.post(V1_PATHS.stateFetch, async (c) => {
    authorize(c, tokens, 'journey.read');
    const parsed = V1StateRequest.safeParse(await body(c), { reportInput: true });
    if (!parsed.success) throw invalidBody(parsed.error);
    return c.json(v1StateView(instanceFor(c, engine, 'v1', parsed.data.instanceId), parsed.data.filterKeys));
  });

  return app;
}
