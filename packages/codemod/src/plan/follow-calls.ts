import type { Node } from '@babel/types';
import type { PlannedCall } from './call-sites.js';

/** The ids of the calls a read at `ancestors` reads from. */
export type FollowCalls = (ancestors: readonly Node[]) => readonly string[];

const isScope = (node: Node): boolean => /Function|Method/.test(node.type) || node.type === 'Program';
const scopeOf = (ancestors: readonly Node[]): Node | undefined => [...ancestors].reverse().find(isScope);

/**
 * Ties a read to the calls of the innermost function that encloses both (a callback inside the function
 * included); a read outside any such function follows every call of the kind in the file. A read that cannot be
 * migrated then keeps only those calls on v1.
 */
export function followCalls(calls: readonly PlannedCall[]): FollowCalls {
  const all = calls.map((call) => call.site.id);
  return (ancestors) => {
    if (ancestors.length === 0) return all;
    let best: PlannedCall[] = [];
    let bestDepth = -1;
    for (const call of calls) {
      const scope = scopeOf(call.ancestors);
      const depth = scope ? ancestors.indexOf(scope) : -1;
      if (depth > bestDepth) {
        best = [call];
        bestDepth = depth;
      } else if (depth === bestDepth && depth >= 0) best.push(call);
    }
    return bestDepth > 0 ? best.map((call) => call.site.id) : all;
  };
}
