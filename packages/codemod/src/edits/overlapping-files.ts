import type { Flow } from '../plan/resolve.js';
import type { RuleId } from '../plan/rules.js';
import type { Site, TextEdit } from '../plan/types.js';
import { applyEdits, OverlappingEditsError } from './apply-edits.js';

/**
 * The files a run leaves as they are because edits overlap, each with why: a file whose own edits overlap (a
 * planning bug), and every file of a flow with a part in one, again and again, so that no flow is left half on
 * v2 by a file that could not be edited. The run goes on with the other files.
 */
export function overlappingFiles(
  texts: ReadonlyMap<string, string>,
  edits: ReadonlyMap<string, readonly TextEdit[]>,
  flows: readonly Flow[],
): Map<string, string> {
  const left = new Map<string, string>();
  for (const [file, fileEdits] of edits) {
    try {
      applyEdits(file, texts.get(file) ?? '', fileEdits);
    } catch (error) {
      if (!(error instanceof OverlappingEditsError)) throw error;
      left.set(file, `${error.message}, a bug of the codemod: left as it was, with the files of its flows`);
    }
  }
  const pending = [...left.keys()];
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    for (const flow of flows) {
      if (!flow.files.includes(file)) continue;
      for (const other of flow.files) {
        if (left.has(other)) continue;
        left.set(other, `left as it was: a flow of it has a part in ${file}, whose edits overlap`);
        pending.push(other);
      }
    }
  }
  return left;
}

const OVERLAPPING: RuleId = 'codemod.overlapping-edits';

/**
 * Reports the sites and flows of the files `left` as they were as what happened to them: each site unsupported under
 * `codemod.overlapping-edits` with its file's reason, each flow with a part there left on v1, blocked by that part,
 * instead of `migrated` for code that was not written.
 */
export function reportLeftFiles(flows: readonly Flow[], sites: readonly Site[], left: ReadonlyMap<string, string>): Flow[] {
  for (const site of sites) {
    const reason = left.get(site.file);
    if (reason === undefined) continue;
    site.refusal = { rule: OVERLAPPING, reason };
    site.rule = OVERLAPPING;
    site.status = 'unsupported';
    site.reason = reason;
  }
  return flows.map((flow) => {
    const blockedBy = flow.sites.find((site) => left.has(site.file));
    return blockedBy ? { ...flow, decision: 'v1', blockedBy } : flow;
  });
}
