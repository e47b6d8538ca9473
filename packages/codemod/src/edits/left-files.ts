import type { ModuleGraph } from '../analysis/module-graph.js';
import { mentionsV1, mentionsV2 } from '../files/prefilter.js';
import type { Flow } from '../plan/resolve.js';
import type { RuleId } from '../plan/rules.js';
import type { Site, TextEdit } from '../plan/types.js';
import { applyEdits, OverlappingEditsError } from './apply-edits.js';

/** Why a run leaves a file as it is: the rule its sites are reported under, and the reason. */
export interface Leave {
  readonly rule: RuleId;
  readonly reason: string;
}

const OVERLAPPING: RuleId = 'codemod.overlapping-edits';
const UNCHANGEABLE: RuleId = 'codemod.unchangeable-file';

/** Files whose own edits overlap (a planning bug of the codemod), each with why. */
export function overlappingEdits(texts: ReadonlyMap<string, string>, edits: ReadonlyMap<string, readonly TextEdit[]>): Map<string, Leave> {
  const left = new Map<string, Leave>();
  for (const [file, fileEdits] of edits) {
    try {
      applyEdits(file, texts.get(file) ?? '', fileEdits);
    } catch (error) {
      if (!(error instanceof OverlappingEditsError)) throw error;
      left.set(file, { rule: OVERLAPPING, reason: `${error.message}, a bug of the codemod: left as it was, with the files of its flows` });
    }
  }
  return left;
}

/** A file of the run the codemod did not read as source (refused, or it did not parse), with its text when it has one. */
export interface UnreadFile {
  readonly file: string;
  /** Why it was not read: the refusal or the parse error. */
  readonly why: string;
  readonly text?: string;
}

/**
 * The files of flows beside a file the run did not read: those it imports (a shared constant rewritten under it
 * would leave its own v1 calls pointing at v2), and, when it holds journey text, those they import in turn and every
 * file that imports it (it may hand them a v1 client, answer or id, so what they do through it is unseen). Each is
 * left as it was, and its flows with it (`withFlowMates`).
 */
export function besideUnreadFiles(unread: readonly UnreadFile[], flows: readonly Flow[], modules: ModuleGraph): Map<string, Leave> {
  const flowFiles = new Set(flows.flatMap((flow) => flow.files));
  const left = new Map<string, Leave>();
  const leave = (file: string, how: string, { file: unreadFile, why }: UnreadFile) => {
    if (!left.has(file))
      left.set(file, { rule: UNCHANGEABLE, reason: `left as it was: it ${how} ${unreadFile}, which the codemod did not read (${why})` });
  };
  for (const entry of unread) {
    if (entry.text === undefined) continue;
    const journeyText = mentionsV1(entry.text) || mentionsV2(entry.text);
    const direct = modules.importsOfText(entry.file, entry.text);
    // One that calls v1 itself may reach the shared base through a barrel (`export * from './config'`).
    for (const file of journeyText ? throughBarrels(modules, direct) : direct)
      if (flowFiles.has(file)) leave(file, 'is imported by', entry);
    // Whatever an importer was found to do: what it calls through the unread file (a client made there with a v1
    // base) is unseen, so its calls are no flow the run knows, and its reads of their answers would be misjudged.
    if (journeyText) for (const importer of modules.importersOf(entry.file)) leave(importer, 'imports', entry);
  }
  return left;
}

/** `files` and what the barrels among them re-export (`export * from`, `export { x } from`), again and again. */
function throughBarrels(modules: ModuleGraph, files: readonly string[]): Set<string> {
  const found = new Set(files);
  const pending = [...files];
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    for (const target of modules.reExportsOf(file)) {
      if (found.has(target)) continue;
      found.add(target);
      pending.push(target);
    }
  }
  return found;
}

/**
 * `left` with every file of a flow that has a part in one of its files, again and again, so that no flow is left
 * half on v2 by a file the run could not change.
 */
export function withFlowMates(left: ReadonlyMap<string, Leave>, flows: readonly Flow[]): Map<string, Leave> {
  const all = new Map(left);
  const pending = [...left.keys()];
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    const { rule } = all.get(file) ?? { rule: UNCHANGEABLE };
    for (const flow of flows) {
      if (!flow.files.includes(file)) continue;
      for (const other of flow.files) {
        if (all.has(other)) continue;
        all.set(other, { rule, reason: `left as it was: a flow of it has a part in ${file}, ${consequence(rule)}` });
        pending.push(other);
      }
    }
  }
  return all;
}

const consequence = (rule: RuleId) => (rule === OVERLAPPING ? 'whose edits overlap' : 'which the run could not change');

/** Files that could not be written, each with why. */
export const unwritable = (failures: ReadonlyMap<string, string>): Map<string, Leave> =>
  new Map(
    [...failures].map(([file, code]) => [
      file,
      { rule: UNCHANGEABLE, reason: `cannot write: ${code}; left as it was, with the files of its flows` },
    ]),
  );

/**
 * Reports the sites and flows of the files `left` as they were as what happened to them: each site unsupported under
 * its file's rule and reason, each flow with a part there left on v1, blocked by that part, instead of `migrated`
 * for code that was not written.
 */
export function reportLeftFiles(flows: readonly Flow[], sites: readonly Site[], left: ReadonlyMap<string, Leave>): Flow[] {
  for (const site of sites) {
    const leave = left.get(site.file);
    if (leave === undefined) continue;
    site.refusal = leave;
    site.rule = leave.rule;
    site.status = 'unsupported';
    site.reason = leave.reason;
  }
  return flows.map((flow) => {
    const blockedBy = flow.sites.find((site) => left.has(site.file));
    return blockedBy ? { ...flow, decision: 'v1', blockedBy } : flow;
  });
}
