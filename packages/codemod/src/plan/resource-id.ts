import { type JourneyMap, mapResourceId } from '@journey-bridge/contract';
import { flatten, type StaticValue, sourceKey } from '../analysis/static-value.js';
import type { Concern, TextEdit } from './types.js';

/** What becomes of a start's `resourceId`: mapped where its literal is written, refused, or known only at run time. */
export type ResourceIdPlan =
  | { readonly edit: TextEdit; readonly piece: string }
  | { readonly refusal: Concern }
  | { readonly runTime: true };

/**
 * The v1 resourceId a start sends, mapped through the journey map where its literal is written (also in
 * another file: an imported constant, a table of journeys). An id assembled from pieces or escaped is refused,
 * an unmapped one too: ids are never guessed.
 */
export function planResourceId(value: StaticValue, journeyMap: JourneyMap | undefined): ResourceIdPlan {
  const { text } = flatten(value);
  const [part, ...rest] = value.kind === 'string' ? value.parts : [];
  if (text.includes('\0') || part?.kind !== 'text') return { runTime: true };
  if (rest.length > 0 || !part.source) {
    return {
      refusal: {
        rule: 'request.start-resource-id',
        reason: `the resourceId "${text}" is assembled or escaped and cannot be mapped in place`,
      },
    };
  }
  try {
    const mapped = mapResourceId(text, journeyMap ?? {});
    return {
      edit: { file: part.source.file, start: part.source.start, end: part.source.start + text.length, text: mapped },
      piece: sourceKey(part.source),
    };
  } catch {
    return {
      refusal: {
        rule: 'request.start-resource-id',
        reason: `no v2 resourceId for "${text}" in the journey map; ids are never guessed`,
        suggestion: `add "${text}": "<v2 id>" to the --journey-map file`,
      },
    };
  }
}
