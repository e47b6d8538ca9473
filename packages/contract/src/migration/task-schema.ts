import { z } from 'zod';
import { type CollectedElement, DomainElementId, subjectSchemaFor } from '../domain-elements.js';

const cache = new Map<string, Record<string, unknown>>();

/** The known domain elements of an interaction's `collects`; elements this contract does not know are skipped. */
export function knownCollects(collects: readonly { ref: string; spec: string }[]): CollectedElement[] {
  return collects.flatMap(({ ref, spec }) => {
    const id = DomainElementId.safeParse(ref);
    return id.success ? [{ id: id.data, spec: spec === 'required' ? 'required' : 'optional' }] : [];
  });
}

/**
 * The Draft-07 schema of a v1 task that collects `elements`: `{ context: { subject } }`, `required` from each
 * element's spec. Generated from the contract's zod schemas, so it states exactly what v2 validation accepts.
 */
export function taskJsonSchemaFor(elements: readonly CollectedElement[]): Record<string, unknown> {
  const key = elements.map(({ id, spec }) => `${id}:${spec}`).join(',');
  let schema = cache.get(key);
  if (!schema) {
    const body = z.object({ context: z.object({ subject: subjectSchemaFor(elements) }) });
    schema = z.toJSONSchema(body, { target: 'draft-7', io: 'input' }) as Record<string, unknown>;
    cache.set(key, schema);
  }
  return schema;
}
