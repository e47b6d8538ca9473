import type { Site } from '../plan/types.js';
import type { LeavingTie } from './leaving-ids.js';

/**
 * How two parts of a flow are tied: a shared piece, a read of a call's answer, an id one answered and the other
 * sends, an id one answered that leaves the code while the other takes one from outside (`leaving`), or both
 * taking an id from outside (`untied`).
 */
export type Tie =
  | { readonly kind: 'piece'; readonly piece: string }
  | { readonly kind: 'reads' }
  | { readonly kind: 'id' }
  | { readonly kind: 'leaving'; readonly leaving: LeavingTie }
  | { readonly kind: 'untied' };

/** A part's neighbours in its flow, each with the tie between them. */
export type Neighbours = ReadonlyMap<string, readonly { readonly id: string; readonly tie: Tie }[]>;

/**
 * Groups sites (and v2 calls, by id) into flows: parts that share a piece (a literal, a wrapper, a run-time
 * base, a `V1Api` client), a read and the call it reads from, and calls tied by an id one answered and the other
 * sends, or that may be one journey (an id handed out, and a call taking one from outside; two calls taking one
 * from outside, `untied`). Returns each part's flow number and its neighbours.
 */
export function groupFlows(
  sites: readonly Site[],
  links: readonly (readonly [string, string])[],
  v2Calls: ReadonlySet<string>,
  leaving: readonly LeavingTie[] = [],
  untied: readonly string[] = [],
): { readonly flowOf: ReadonlyMap<string, number>; readonly neighbours: Neighbours } {
  const neighbours = new Map<string, { id: string; tie: Tie }[]>();
  const ids = new Set([...sites.map((site) => site.id), ...v2Calls]);
  const tie = (a: string, b: string, kind: Tie) => {
    if (a === b || !ids.has(a) || !ids.has(b)) return;
    for (const [from, to] of [
      [a, b],
      [b, a],
    ] as const) {
      const list = neighbours.get(from) ?? [];
      list.push({ id: to, tie: kind });
      neighbours.set(from, list);
    }
  };
  const ignored = new Set(sites.filter((site) => site.status === 'ignored').map((site) => site.id));
  /**
   * Every member tied to every other, so a marker names the member that kept it on v1; a star for many, around a
   * member that passes a part's staying on v1 on: one opted out (`journey-codemod-ignore`) or no part of the run
   * would cut the others apart.
   */
  const tieAll = (members: readonly string[], kind: Tie) => {
    if (members.length <= 64) {
      for (const [index, a] of members.entries()) for (const b of members.slice(index + 1)) tie(a, b, kind);
      return;
    }
    const centre = members.find((id) => ids.has(id) && !ignored.has(id));
    if (centre !== undefined) for (const other of members) tie(centre, other, kind);
  };
  const byPiece = new Map<string, string[]>();
  for (const site of sites) {
    for (const piece of site.pieces) {
      const members = byPiece.get(piece) ?? [];
      members.push(site.id);
      byPiece.set(piece, members);
    }
  }
  for (const [piece, members] of byPiece) tieAll(members, { kind: 'piece', piece });
  for (const site of sites) for (const call of site.dependsOn ?? []) tie(site.id, call, { kind: 'reads' });
  for (const [a, b] of links) tie(a, b, { kind: 'id' });
  for (const each of leaving) tie(each.origin, each.call, { kind: 'leaving', leaving: each });
  // Last, so that a part also tied by what the code shows is told that first.
  tieAll(untied, { kind: 'untied' });

  const flowOf = new Map<string, number>();
  let next = 0;
  for (const id of ids) {
    if (flowOf.has(id) || !neighbours.has(id)) continue;
    const flow = next++;
    const stack = [id];
    flowOf.set(id, flow);
    while (stack.length > 0) {
      const current = stack.pop() as string;
      for (const { id: other } of neighbours.get(current) ?? []) {
        if (flowOf.has(other)) continue;
        flowOf.set(other, flow);
        stack.push(other);
      }
    }
  }
  // A part tied to nothing is a flow of its own.
  for (const id of ids) if (!flowOf.has(id)) flowOf.set(id, next++);
  return { flowOf, neighbours };
}
