import type { Subject } from './subject.js';

/**
 * Folds `addition` into `base` the way partial submissions accumulate: identity fields are merged, `idNumbers`
 * and `documents` are replaced per `type`, `biometrics` is replaced whole, and other fields are overwritten.
 * Neither argument is modified.
 */
export function mergeSubject(base: Subject, addition: Subject): Subject {
  const merged: Subject = { ...base, ...addition };
  if (base.identity && addition.identity) {
    merged.identity = { ...base.identity, ...addition.identity };
    if (base.identity.idNumbers && addition.identity.idNumbers) {
      merged.identity.idNumbers = replaceByType(base.identity.idNumbers, addition.identity.idNumbers);
    }
  }
  if (base.documents && addition.documents) merged.documents = replaceByType(base.documents, addition.documents);
  return merged;
}

function replaceByType<T extends { type?: string | undefined }>(base: readonly T[], addition: readonly T[]): T[] {
  const replaced = new Set(addition.map((entry) => entry.type));
  return [...base.filter((entry) => !replaced.has(entry.type)), ...addition];
}
