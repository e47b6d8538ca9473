import { CHANGES } from '@journey-bridge/contract';
import { IGNORE_COMMENT, MARKER_PREFIX } from './file-context.js';
import { CODEMOD_RULES } from './rules.js';
import type { MarkerAnchor } from './types.js';

/**
 * Whether a `journey-codemod:` marker, of any status and rule, sits above the statement: the run writes one marker
 * per statement for the parts another part keeps on v1, and the blocker it names can change between runs (a journey
 * map given or not), so this is what marks a part left on v1, for the run and for `--check` alike.
 */
export const hasMarker = (anchor: MarkerAnchor): boolean => anchor.existing.some((rule) => rule !== IGNORE_COMMENT);

/** Every rule id a marker of the codemod can cite. */
const RULE_IDS = new Set<string>([...Object.keys(CODEMOD_RULES), ...CHANGES.map((change) => change.id)]);

/**
 * Whether a comment's text (`// …` or `/* … *\/` stripped) is exactly what `markerText` writes: the prefix, a
 * status, a rule id the codemod knows, a reason. A person's note that merely mentions `journey-codemod:` is not
 * one, so it is never removed.
 */
export function isWrittenMarker(comment: string): boolean {
  // Built on use: file-context.ts, which holds the prefix, imports this module.
  const match = new RegExp(`^${MARKER_PREFIX} (unsupported|needs-review) \\[([\\w.-]+)\\] \\S`).exec(comment);
  return match !== null && RULE_IDS.has(match[2] ?? '');
}
