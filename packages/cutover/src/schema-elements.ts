import { SPECIFICATION_CATALOGUE, type V1TaskListWithSchema, type V1TaskSchema } from '@journey-bridge/contract';

/**
 * Whether a v1 task schema (as the adapter answers `task/schema` for a v2 interaction) has a place for the element
 * `id`: a property at the first subject path the element fills (`identity.idNumbers` for SSN, `documents` for the
 * document). An element the specification does not name is taken to be collected: nothing here says otherwise.
 */
export function schemaCollects(schema: V1TaskSchema, id: string): boolean {
  const path = SPECIFICATION_CATALOGUE.get(id)?.paths[0];
  return path === undefined || schemaShows(schema, path);
}

/** Whether a v1 task schema has a place for the subject path `path` (dotted keys, `[…]` selectors ignored). */
export function schemaShows(schema: V1TaskSchema, path: string): boolean {
  let node: unknown = propertyOf(propertyOf(schema, 'context'), 'subject');
  for (const key of path.split('.').map((segment) => segment.split('[')[0] ?? segment)) node = propertyOf(node, key);
  return node !== undefined;
}

/** The JSON Schema of property `key` of the object schema `node`, if it has one. */
function propertyOf(node: unknown, key: string): unknown {
  if (typeof node !== 'object' || node === null) return undefined;
  const { properties } = node as { properties?: Record<string, unknown> };
  return properties && Object.hasOwn(properties, key) ? properties[key] : undefined;
}

/** Whether task `taskId` of `list` collects an element, by its schema; `undefined` when the list has none for it. */
export function collectsOf(list: V1TaskListWithSchema, taskId: string): ((id: string) => boolean) | undefined {
  const ref = list.tasks.find((task) => task.taskId === taskId)?.schema.$ref;
  const schema = ref === undefined ? undefined : list.schemas[ref.slice('#/schemas/'.length)];
  return schema && ((id) => schemaCollects(schema, id));
}
