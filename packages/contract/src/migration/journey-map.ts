import { ContractError } from '../errors/contract-error.js';
import { brandErrorClass } from '../errors/error-brand.js';
import type { V1JourneyStatus } from '../status.js';
import type { JourneyMap } from './start.js';
import { DialectEntry, type JourneyMapEntryInput, spelledStatus, type V1Dialect } from './v1-dialect.js';

/** A journey map that cannot be used; the message names the entry and what is wrong with it. */
export class JourneyMapError extends ContractError {
  static {
    brandErrorClass(JourneyMapError, '@journey-bridge/contract:JourneyMapError');
  }

  override name = 'JourneyMapError';
}

/** A journey map with each entry's dialect resolved, looked up from either side. */
export interface ResolvedJourneyMap {
  /** v1 resourceIds → v2 resourceIds, for `toV2StartRequest`. */
  readonly v2Ids: JourneyMap;
  /** The dialect of the v1 journey a start names (its entry's, or the fallback). */
  dialectOfV1(resourceId: string): V1Dialect;
  /** The dialect of the v1 journey a v2 journey replaces, by the v2 id a state names (`context.process.journey.id`). */
  dialectOfV2(journeyId: string | undefined): V1Dialect;
  /**
   * The v1 variantId of a task by the resource id of its v2 interaction, where every dialect that names the id
   * agrees (an interaction names no journey); the resource id itself where none names it; `undefined` where they
   * differ, so that the journey is read first (`dialectOfV2(...).flowKeys`).
   */
  sharedTaskVariantId(interactionResourceId: string): string | undefined;
  /**
   * How every dialect of the map (the fallback's included) spells a v1 status, or `undefined` where they differ:
   * a task list comes from an interaction, which names no journey.
   */
  sharedSpelling(status: V1JourneyStatus): string | undefined;
}

/** A resource id without its version (`a1@3`, `a1@latest` → `a1`): every version names the same journey. */
export const bareId = (resourceId: string): string => {
  const at = resourceId.lastIndexOf('@');
  return at === -1 ? resourceId : resourceId.slice(0, at);
};

/**
 * Resolves every entry of a journey map: a plain string speaks `fallback`, an object its own dialect. A state
 * names only its v2 journey, so two v1 journeys replaced by one v2 journey must share a dialect: otherwise the
 * map is refused here rather than answer one caller in the other's dialect.
 */
export function resolveJourneyMap(entries: Readonly<Record<string, JourneyMapEntryInput>>, fallback: V1Dialect): ResolvedJourneyMap {
  const v2Ids: Record<string, string> = {};
  const byV1 = new Map<string, V1Dialect>();
  const byV2 = new Map<string, { dialect: V1Dialect; from: string }>();
  for (const [v1, given] of Object.entries(entries)) {
    const parsed =
      typeof given === 'string' ? { success: true as const, data: { v2: given, dialect: fallback } } : DialectEntry.safeParse(given);
    if (!parsed.success || parsed.data.v2 === '') {
      const problems = parsed.success
        ? 'v2: must not be empty'
        : parsed.error.issues.map((issue) => `${issue.path.join('.') || '(entry)'}: ${issue.message}`).join('; ');
      throw new JourneyMapError(`journey map entry ${JSON.stringify(v1)}: ${problems}`);
    }
    const { v2, dialect } = parsed.data;
    // `a1@3` → `b2` says nothing of which version of b2 replaces version 3: every start of it would be refused.
    const pinned = v1.includes('@') && !v1.endsWith('@latest');
    if (pinned && !v2.includes('@'))
      throw new JourneyMapError(
        `journey map entry ${JSON.stringify(v1)}: its v2 id ${JSON.stringify(v2)} has no version; an exact v1 id maps to an exact v2 id (${JSON.stringify(`${v2}@<version>`)})`,
      );
    v2Ids[v1] = v2;
    byV1.set(v1, dialect);
    const seen = byV2.get(bareId(v2));
    if (seen && JSON.stringify(seen.dialect) !== JSON.stringify(dialect)) {
      throw new JourneyMapError(
        `journey map entries ${JSON.stringify(seen.from)} and ${JSON.stringify(v1)} both map to v2 ${JSON.stringify(bareId(v2))} with different dialects; a state names only the v2 journey, so they must share one`,
      );
    }
    byV2.set(bareId(v2), { dialect, from: v1 });
  }
  // `null` where two dialects map one resource id differently: an interaction cannot tell which one applies.
  const taskVariantIds = new Map<string, string | null>();
  for (const { flowKeys } of [fallback, ...byV1.values()]) {
    for (const [v2Id, variantId] of Object.entries(flowKeys)) {
      const seen = taskVariantIds.get(v2Id);
      taskVariantIds.set(v2Id, seen === undefined || seen === variantId ? variantId : null);
    }
  }
  const dialects = [fallback, ...byV1.values()];
  return {
    v2Ids,
    dialectOfV1: (resourceId) => byV1.get(resourceId) ?? byV1.get(bareId(resourceId)) ?? fallback,
    dialectOfV2: (journeyId) => (journeyId === undefined ? undefined : byV2.get(bareId(journeyId))?.dialect) ?? fallback,
    sharedTaskVariantId: (interactionResourceId) => {
      const shared = taskVariantIds.get(interactionResourceId);
      return shared === null ? undefined : (shared ?? interactionResourceId);
    },
    sharedSpelling: (status) => {
      const spellings = new Set(dialects.map((dialect) => spelledStatus(status, dialect)));
      return spellings.size === 1 ? [...spellings][0] : undefined;
    },
  };
}
