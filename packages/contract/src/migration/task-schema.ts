import { z } from 'zod';
import { type CollectedElement, DomainElementId, documentsWithBack } from '../domain-elements.js';
import { draft07Schema } from '../draft-07-schema.js';
import { type CollectedRef, ElementCatalogue } from '../element-catalogue.js';

/** The specification's six elements and nothing else: what a caller that describes none knows. */
export const SPECIFICATION_CATALOGUE = new ElementCatalogue();

const cache = new WeakMap<ElementCatalogue, Map<string, Record<string, unknown>>>();

/** The known domain elements of an interaction's `collects`; elements this contract does not know are skipped. */
export function knownCollects(collects: readonly { ref: string; spec: string }[]): CollectedElement[] {
  return collects.flatMap(({ ref, spec }) => {
    const id = DomainElementId.safeParse(ref);
    return id.success ? [{ id: id.data, spec: spec === 'required' ? 'required' : 'optional' }] : [];
  });
}

/**
 * Every element of an interaction's `collects`, known or not (`conditional` counts as optional). Field refs
 * (`FullName/firstName`, on tenants that list them) are left out: their element is listed too.
 */
export const collectedElements = (collects: readonly { ref: string; spec: string }[]): CollectedRef[] =>
  collects.flatMap(({ ref, spec }) => (ref.includes('/') ? [] : [{ id: ref, spec: spec === 'required' ? 'required' : 'optional' }]));

/** What a task schema says beyond its elements. */
export interface TaskSchemaOptions {
  /** The primary document's back is required (see `backRequired`). @default false */
  readonly backRequired?: boolean;
}

/**
 * The Draft-07 schema of a v1 task that collects `elements`: `{ context: { subject } }`, `required` from each
 * element's spec, and the document's `side2Image` once its back is required. Generated from the catalogue's zod
 * schemas, so it states exactly what v2 validation accepts. An element the catalogue has no description of has no
 * fields to show: the subject's description names it.
 */
export function taskJsonSchemaFor(
  elements: readonly CollectedRef[],
  catalogue: ElementCatalogue = SPECIFICATION_CATALOGUE,
  { backRequired = false }: TaskSchemaOptions = {},
): Record<string, unknown> {
  const document = backRequired ? elements.find(({ id }) => id === 'PrimaryDocument') : undefined;
  const key = `${elements.map(({ id, spec }) => `${id}:${spec}`).join(',')}${document ? ':back' : ''}`;
  let schemas = cache.get(catalogue);
  if (!schemas) {
    schemas = new Map();
    cache.set(catalogue, schemas);
  }
  let schema = schemas.get(key);
  if (!schema) {
    const undescribed = elements.filter(({ id }) => catalogue.get(id) === undefined).map(({ id }) => id);
    const collected = catalogue.subjectSchema(elements);
    const subject = document
      ? collected.extend({ documents: document.spec === 'required' ? documentsWithBack : documentsWithBack.optional() })
      : collected;
    const described =
      undescribed.length === 0
        ? subject
        : subject.describe(
            `Also collects ${undescribed.join(', ')}: journey-bridge has no description of their fields, so they are not shown.`,
          );
    schema = draft07Schema(z.object({ context: z.object({ subject: described }) }));
    schemas.set(key, schema);
  }
  return schema;
}
