// A part only a v1 state has (`data`, `data.process`, the flow's decision entry) tested for whether it is there.
import type { Node } from '@babel/types';
import type { Source } from './sources.js';
import type { Tracking } from './tracking.js';
import type { Shape, Value } from './values.js';

/** The parts of a v1 state that a v2 state does not have at all: a read through them is rewritten whole, never in part. */
const V1_ONLY = new Set<Shape['kind']>(['data', 'context', 'process', 'flow', 'decision-entry', 'decision-result']);

/** Whether `shape` is a part of a v1 state that a v2 state does not have. */
export const isV1Only = (shape: Shape): boolean => V1_ONLY.has(shape.kind);

/**
 * `state.data && state.data.process && <read>`, `if (state.data)`, `state.data ? … : …`, `!state.data`,
 * `state.data != null`: the test stays as written while the read it guards becomes v2's, and on a v2 state it is
 * always false, so the guarded code never runs (a decision always undefined). The flow stays on v1, marked.
 */
export function v1Guard(tracking: Tracking, value: Value, node: Node, source: Source): void {
  const read = source.ctx.text(node);
  tracking.refuse(
    source,
    node,
    value,
    'response.state-result',
    `this code tests ${read}, which a v2 state does not have: on v2 the test always finds it missing, whatever the reads it guards become`,
    'drop the test, or test what the v2 read answers (decisionOf(state) !== undefined), then run again',
  );
}

/** The members only a v1 state has, as tested by name: `'data' in state`, `Object.hasOwn(state, 'metaData')`. */
const V1_ONLY_MEMBERS = new Set(['data', 'metaData']);

/** Whether `node` is a string literal naming a member only a v1 state has. */
export const namesV1OnlyMember = (node: Node | null | undefined): boolean =>
  node?.type === 'StringLiteral' && V1_ONLY_MEMBERS.has(node.value);
