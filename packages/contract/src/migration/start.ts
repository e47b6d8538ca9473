import type { V1StartRequest } from '../v1.js';
import type { Delivery, V2StartRequest } from '../v2.js';
import { UnmappedJourneyError } from './translation-errors.js';

/**
 * v1 resourceIds and the separately published v2 resourceIds that replace them. Keys are either exact ids
 * (`a1@3`) or bare ids (`a1`); a key whose value has no version carries `@latest` over, and refuses a pinned v1
 * version rather than guess which v2 version matches it.
 */
export type JourneyMap = Readonly<Record<string, string>>;

/** The v2 resourceId that replaces `resourceId`, or an `UnmappedJourneyError` naming it. */
export function mapResourceId(resourceId: string, journeyMap: JourneyMap): string {
  // Own keys only: a caller's `constructor@latest` must not find Object's members in a map parsed from JSON.
  const exact = Object.hasOwn(journeyMap, resourceId) ? journeyMap[resourceId] : undefined;
  const at = resourceId.lastIndexOf('@');
  const bare = at === -1 ? resourceId : resourceId.slice(0, at);
  const version = at === -1 ? '' : resourceId.slice(at + 1);
  const mapped = exact ?? (Object.hasOwn(journeyMap, bare) ? journeyMap[bare] : undefined);
  if (mapped === undefined) throw new UnmappedJourneyError(resourceId);
  // An id written without a version is mapped as written.
  if (mapped.includes('@') || at === -1) return mapped;
  if (version === 'latest') return `${mapped}@latest`;
  throw new UnmappedJourneyError(resourceId, `version ${version} is pinned: map the exact id "${resourceId}"`);
}

/** Moves a v1 start forward: the v2 resourceId, `delivery` added, `async` dropped, the subject unchanged. */
export function toV2StartRequest(request: V1StartRequest, journeyMap: JourneyMap, delivery: Delivery = 'api'): V2StartRequest {
  return {
    resourceId: mapResourceId(request.resourceId, journeyMap),
    context: {
      config: { delivery: request.context.config?.delivery ?? delivery },
      subject: request.context.subject ?? {},
    },
  };
}
