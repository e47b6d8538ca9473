import { z } from 'zod';
import { dayOf, trimmedStrings } from './same-value.js';
import type { Subject } from './subject.js';

/** The checks a described element's field can ask for. */
export const FieldFormat = z.enum(['text', 'email', 'phone', 'date', 'boolean', 'accepted', 'base64']);
export type FieldFormat = z.infer<typeof FieldFormat>;

const FORMATS: Readonly<Record<FieldFormat, z.ZodType>> = {
  text: z.string().trim().min(1),
  email: z.email(),
  /** E.164, as vendor journeys store mobile numbers. */
  phone: z.e164(),
  date: z.iso.date(),
  boolean: z.boolean(),
  /** A consent the user gave: only `true` counts. */
  accepted: z.literal(true),
  base64: z.base64().min(4),
};

/** Roots the specification's six elements own: a described element lives beside them, never inside. */
export const RESERVED_SUBJECT_ROOTS: readonly string[] = ['uid', 'identity', 'documents', 'biometrics'];

const OBJECT_INTERNALS = new Set(['__proto__', 'constructor', 'prototype']);

const SubjectPath = z
  .string()
  .regex(/^[A-Za-z_]\w*(\.[A-Za-z_]\w*)*$/, 'must be a dotted path of object keys, such as contact.mobilePhone')
  .refine((path) => !RESERVED_SUBJECT_ROOTS.includes(path.split('.')[0] ?? ''), {
    message: `must not start with ${RESERVED_SUBJECT_ROOTS.join(', ')}: those belong to the specification's elements`,
  })
  .refine((path) => !path.split('.').some((key) => OBJECT_INTERNALS.has(key)), {
    message: 'must not name __proto__, constructor or prototype',
  });

export const DescribedField = z.strictObject({
  /** Where the value sits in `context.subject`, e.g. `contact.mobilePhone`. */
  path: SubjectPath,
  /** How the value is checked. */
  format: FieldFormat,
  /** Whether the element is incomplete without it. @default true */
  required: z.boolean().default(true),
});
export type DescribedField = z.infer<typeof DescribedField>;

/**
 * A domain element given as data: its fields by name (`MobilePhone/number` names field `number`), each with its
 * subject path and format. The vendor's full element list is not published; journeys declare the ones they use.
 */
export const ElementDescription = z.strictObject({
  fields: z
    .record(z.string().regex(/^\w+$/, 'must be a word, such as number'), DescribedField)
    .refine((fields) => Object.keys(fields).length > 0, { message: 'an element needs at least one field' })
    .refine((fields) => Object.values(fields).some((field) => field.required), { message: 'at least one field must be required' }),
});
export type ElementDescription = z.infer<typeof ElementDescription>;
export type ElementDescriptionInput = z.input<typeof ElementDescription>;

/** The value at a dotted path of own object keys, or `undefined`. */
export function valueAt(value: unknown, path: string): unknown {
  let current = value;
  for (const key of path.split('.')) {
    if (current === null || typeof current !== 'object' || Array.isArray(current) || !Object.hasOwn(current, key)) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

/**
 * Sets `value` at a dotted path of `target`, creating the objects on the way (over a value that is not one, and
 * never through an inherited key). Paths come from `ElementDescription`, which refuses object internals.
 */
export function setAtPath(target: Record<string, unknown>, path: string, value: unknown): void {
  const keys = path.split('.');
  const last = keys.pop() as string;
  let node = target;
  for (const key of keys) {
    const next = Object.hasOwn(node, key) ? node[key] : undefined;
    if (typeof next === 'object' && next !== null) {
      node = next as Record<string, unknown>;
    } else {
      const created: Record<string, unknown> = {};
      node[key] = created;
      node = created;
    }
  }
  node[last] = value;
}

/** A tree of object keys whose leaves are zod schemas. */
interface SchemaTree {
  [key: string]: SchemaTree | z.ZodType;
}

const isSchema = (node: SchemaTree | z.ZodType): node is z.ZodType => node instanceof z.ZodType;

/** The shape of a tree's loose objects down to each leaf; an object is optional unless a required leaf is under it. */
function shapeOf(tree: SchemaTree): { shape: Record<string, z.ZodType>; required: boolean } {
  const shape: Record<string, z.ZodType> = {};
  let required = false;
  for (const [key, node] of Object.entries(tree)) {
    if (isSchema(node)) {
      shape[key] = node;
      required ||= !node.safeParse(undefined).success;
    } else {
      const child = shapeOf(node);
      shape[key] = child.required ? z.looseObject(child.shape) : z.looseObject(child.shape).optional();
      required ||= child.required;
    }
  }
  return { shape, required };
}

/** One field of a described element, ready to place in a subject schema. */
export interface DescribedLeaf {
  readonly path: string;
  readonly schema: z.ZodType;
}

/** The leaves of a described element: each field's format, optional unless `required` (and the element is). */
export function describedLeaves(description: ElementDescription, elementRequired: boolean): DescribedLeaf[] {
  return Object.values(description.fields).map(({ path, format, required }) => ({
    path,
    schema: elementRequired && required ? FORMATS[format] : FORMATS[format].optional(),
  }));
}

/** The zod shape (root keys) of a subject that carries `leaves`; unknown fields pass. */
export function leavesShape(leaves: readonly DescribedLeaf[]): Record<string, z.ZodType> {
  const tree: SchemaTree = {};
  for (const { path, schema } of leaves) setAtPath(tree, path, schema);
  return shapeOf(tree).shape;
}

/** The part of `subject` a described element carries (its fields' values at their paths), or `undefined`. */
export function pickDescribed(description: ElementDescription, subject: Subject): Subject | undefined {
  let part: Record<string, unknown> | undefined;
  for (const { path } of Object.values(description.fields)) {
    const value = valueAt(subject, path);
    if (value === undefined) continue;
    part ??= {};
    setAtPath(part, path, value);
  }
  return part;
}

/** A described element's part with each field in the form every spelling of it shares: a `date` its day, strings trimmed. */
export function comparableDescribed(description: ElementDescription, part: Subject): Subject {
  const comparable: Record<string, unknown> = {};
  for (const { path, format } of Object.values(description.fields)) {
    const value = valueAt(part, path);
    if (value !== undefined) setAtPath(comparable, path, format === 'date' ? dayOf(value) : trimmedStrings(value));
  }
  return comparable;
}
