import { DOMAIN_ELEMENTS, type DomainElementId, type Subject } from '@journey-bridge/contract';

/**
 * The `participants` of a v2 interaction submit: one entry per domain element the subject carries. Inserted by
 * journey-codemod where a v1 task update's subject is not visible in the code. List only elements the
 * interaction still needs: v2 answers 409 for an element that was already provided (by prefill or an earlier
 * submit), so pass `outstanding` from the interaction fetch when the subject may carry more.
 */
export function participantsFor(subject: Subject, outstanding?: readonly string[]): { domainElementId: DomainElementId }[] {
  const needed = outstanding === undefined ? undefined : new Set(outstanding.map((entry) => entry.split('/')[0]));
  return (Object.keys(DOMAIN_ELEMENTS) as DomainElementId[])
    .filter((id) => DOMAIN_ELEMENTS[id].pick(subject) !== undefined && (needed === undefined || needed.has(id)))
    .map((domainElementId) => ({ domainElementId }));
}
