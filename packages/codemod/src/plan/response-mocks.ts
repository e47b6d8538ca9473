import type { Node, ObjectExpression } from '@babel/types';
import { V1JourneyStatus } from '@journey-bridge/contract';
import { keyName, walk } from '../parse/walk.js';
import type { FileContext } from './file-context.js';
import { propertyOf } from './object-edits.js';
import { SiteBuilder } from './site-builder.js';
import type { Site } from './types.js';

const objectAt = (object: ObjectExpression, key: string): ObjectExpression | undefined => {
  const value = propertyOf(object, key)?.value;
  return value?.type === 'ObjectExpression' ? value : undefined;
};

/** `{ status: 'InProgress', tasks: [{ taskId }] }`: a v1 task list, as a test double writes it. */
function isTaskList(object: ObjectExpression): boolean {
  const status = propertyOf(object, 'status')?.value;
  const tasks = propertyOf(object, 'tasks')?.value;
  if (status?.type !== 'StringLiteral' || !V1JourneyStatus.safeParse(status.value).success || tasks?.type !== 'ArrayExpression')
    return false;
  return tasks.elements.every(
    (task) => task?.type === 'ObjectExpression' && task.properties.some((property) => keyName(property) === 'taskId'),
  );
}

/**
 * A v1 state: `{ data: { process: { flow: … } } }` (or `data.context.process.flow`), or as the field notes give a
 * state fetch's answer, `{ instanceId, status, metaData: { createdTime, completedTime }, data }`: `metaData` with
 * either time, or a v1 status beside a `data` object (v2 states have neither; they put results in `context`).
 */
function isV1State(object: ObjectExpression): boolean {
  const data = objectAt(object, 'data');
  const process = data && (objectAt(data, 'process') ?? objectAt(objectAt(data, 'context') ?? data, 'process'));
  if (process !== undefined && propertyOf(process, 'flow') !== undefined) return true;
  const metaData = objectAt(object, 'metaData');
  if (metaData && (propertyOf(metaData, 'createdTime') || propertyOf(metaData, 'completedTime'))) return true;
  const status = propertyOf(object, 'status')?.value;
  return data !== undefined && status?.type === 'StringLiteral' && V1JourneyStatus.safeParse(status.value).success;
}

/**
 * `{ instanceId: '…', taskId: '…' }`, both written out and nothing else: a task update's answer (the vendor's spec).
 * A request body carries an `intent` and a `context`, and code that builds one writes names, not literals.
 */
function isTaskUpdateAnswer(object: ObjectExpression): boolean {
  const keys = object.properties.map((property) => keyName(property));
  return (
    keys.length === 2 &&
    keys.includes('instanceId') &&
    keys.includes('taskId') &&
    object.properties.every(
      (property) => property.type === 'ObjectProperty' && /^(StringLiteral|TemplateLiteral)$/.test(property.value.type),
    )
  );
}

const V2_FORMS = {
  'task list':
    'an interaction: { instanceId, interactionId, journey: { status }, interaction: { collects: [{ ref, spec }] }, outstanding: [] }',
  'task update answer': "a submit's answer: { status: 'success' }",
  state: 'a v2 state: { instanceId, status, context: { process: { steps: [{ nodeId, outcome, result }] }, result: { status, advice } } }',
} as const;

/**
 * v1 response bodies written out in code, such as the mocks of a test suite: the codemod cannot know what the
 * test asserts of them, so it marks them with the v2 shape to write.
 */
export function planResponseMocks(ctx: FileContext): Site[] {
  const sites: Site[] = [];
  walk(ctx.ast.program, (node: Node, ancestors) => {
    if (node.type !== 'ObjectExpression') return;
    const shape = isTaskList(node) ? 'task list' : isV1State(node) ? 'state' : isTaskUpdateAnswer(node) ? 'task update answer' : undefined;
    if (!shape) return;
    const site = new SiteBuilder(ctx, node, ancestors, 'codemod.v1-response-mock', 'v1 response written in code');
    site.refuse('codemod.v1-response-mock', `a v1 ${shape} written out in code (a test double, an example)`, V2_FORMS[shape]);
    sites.push(site.build());
  });
  return sites;
}
