import { type JourneyMapEntryInput, resolveJourneyMap } from '@journey-bridge/contract';
import type { Logger } from 'pino';
import type { ShimConfig } from './config.js';

/**
 * The v1 ids of the journey-map entries whose dialect gives no `flowKeys`: their v1 answers carry v2 step ids as
 * flow keys and interaction resource ids as task `variantId`s, where v1 answered with its own variantIds.
 */
function entriesWithoutFlowKeys(config: Pick<ShimConfig, 'journeyMap' | 'dialect'>): string[] {
  const journeys = resolveJourneyMap(config.journeyMap as Readonly<Record<string, JourneyMapEntryInput>>, config.dialect);
  return Object.keys(config.journeyMap).filter((v1) => Object.keys(journeys.dialectOfV1(v1).flowKeys).length === 0);
}

/**
 * Warns once per such entry at start-up. Nothing fails: the decision and status are right, but legacy code that
 * reads `flow['kyc-eu-v3']` or a task's `variantId` reads something else (or `undefined`), and nothing else says so.
 */
export function warnEntriesWithoutFlowKeys(config: Pick<ShimConfig, 'journeyMap' | 'dialect'>, logger: Logger): void {
  for (const v1 of entriesWithoutFlowKeys(config)) {
    logger.warn(
      { journey: v1 },
      `journey map entry ${JSON.stringify(v1)} has no flowKeys: its v1 answers carry v2 step ids as flow keys and task variantIds where v1 had its own variantIds; give the entry { "v2": …, "dialect": { "flowKeys": { "<v2 step nodeId>": "<v1 variantId>" } } } (or variantIds for plain entries), learned with journey-bridge compare --learn (docs/cutover.md) or journey-bridge dialect`,
    );
  }
}
