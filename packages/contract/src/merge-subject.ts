import type { Subject } from './subject.js';

/**
 * Folds `addition` into `base` the way partial submissions accumulate: identity fields are merged, `idNumbers`
 * and `documents` are replaced per `type`, `biometrics` is replaced whole, and other fields are overwritten.
 * Untyped documents are sides of the `Primary` one (see `PrimaryDocument`): they add to it, so sides sent in
 * separate calls are all kept. Neither argument is modified.
 */
export function mergeSubject(base: Subject, addition: Subject): Subject {
  const merged: Subject = { ...base, ...addition };
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
