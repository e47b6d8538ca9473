import { IGNORE_COMMENT } from './file-context.js';
import type { MarkerAnchor } from './types.js';

/**
 * Whether a `journey-codemod:` marker, of any status and rule, sits above the statement: the run writes one marker
 * per statement for the parts another part keeps on v1, and the blocker it names can change between runs (a journey
 * map given or not), so this is what marks a part left on v1, for the run and for `--check` alike.
 */
export const hasMarker = (anchor: MarkerAnchor): boolean => anchor.existing.some((rule) => rule !== IGNORE_COMMENT);
