import { isPlainObject } from './migration/changed-elements.js';
import type { Subject } from './subject.js';

/** The subject's fields the specification names; each has its own merge rule below. */
const SPECIFIED_KEYS = new Set(['uid', 'identity', 'documents', 'biometrics']);

/** Objects merged key by key at every depth; anything else in `addition` wins. Own keys only, set as data. */
function mergeDeep(base: unknown, addition: unknown): unknown {
  if (!isPlainObject(base) || !isPlainObject(addition)) return addition;
  return Object.fromEntries([
    ...Object.entries(base).filter(([key]) => !Object.hasOwn(addition, key)),
    ...Object.entries(addition).map(([key, value]) => [key, Object.hasOwn(base, key) ? mergeDeep(base[key], value) : value]),
  ]);
}

/**
 * Folds `addition` into `base` the way partial submissions accumulate: identity fields are merged, `idNumbers`
 * and `documents` are replaced per `type`, `biometrics` is replaced whole, other objects are merged key by key
 * (elements a journey describes may share one, as `contact.mobilePhone` and `contact.email` do), and other
 * values are overwritten.
 * Untyped documents are sides of the `Primary` one (see `PrimaryDocument`): they add to it, so sides sent in
 * separate calls are all kept. Neither argument is modified.
 */
export function mergeSubject(base: Subject, addition: Subject): Subject {
  const merged: Subject = { ...base, ...addition };
  for (const [key, value] of Object.entries(addition)) {
    if (!SPECIFIED_KEYS.has(key) && Object.hasOwn(base, key)) merged[key] = mergeDeep(base[key], value);
  }
  if (base.identity && addition.identity) {
    merged.identity = { ...base.identity, ...addition.identity };
    if (base.identity.idNumbers && addition.identity.idNumbers) {
      merged.identity.idNumbers = replaceByType(base.identity.idNumbers, addition.identity.idNumbers);
    }
  }
  if (base.documents && addition.documents) merged.documents = mergeDocuments(base.documents, addition.documents);
  return merged;
}

/** A typed document replaces its type (a `Primary` one also the untyped sides); untyped sides only add. */
function mergeDocuments<T extends { type?: string | undefined }>(base: readonly T[], addition: readonly T[]): T[] {
  const replaced = new Set(addition.flatMap((doc) => (doc.type === undefined ? [] : [doc.type])));
  return [...base.filter((doc) => !replaced.has(doc.type ?? 'Primary')), ...addition];
}

function replaceByType<T extends { type?: string | undefined }>(base: readonly T[], addition: readonly T[]): T[] {
  const replaced = new Set(addition.map((entry) => entry.type));
  return [...base.filter((entry) => !replaced.has(entry.type)), ...addition];
}
