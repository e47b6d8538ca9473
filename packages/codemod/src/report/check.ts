import { seenFrom } from '../edits/line-refs.js';
import { hasMarker } from '../plan/marked.js';
import type { Flow } from '../plan/resolve.js';
import type { CodemodResult } from '../run-codemod.js';

/** One reason `--check` fails: a v1 site, or a flow that holds both versions. */
export interface Finding {
  readonly file: string;
  readonly line: number;
  readonly text: string;
}

/**
 * What the gate fails on: v1 the codemod would still change (migratable, so unmarked), v1 that stays with no
 * marker above it yet, flows that hold v2 calls beside v1 parts (half migrated: they work on neither), and files
 * it refused to read (too large, not UTF-8, outside the tree): what they hold is unknown, so not passed.
 * A v2 start whose instance is sent to a call that may reach v1 (the rule of `codemod.unfollowed-instance`) fails it
 * while v1 remains that no marker accounts for, or that sits in the call's file or the files it imports, marked or
 * not: that code may make the v1 calls of its flow, and no marker can show it does not. So does a v2 start whose
 * instance id is handed out (`res.json({ instanceId })`, returned to no caller) while v1 instance calls no start's id
 * reaches remain anywhere, marked or not: the id may come back to them. So does a v1 answer or a v1 path match
 * written out in a file that imports code calling v2, marked or not (a test double of a flow now on v2).
 * `journey-codemod-ignore`
 * above the v2 start or above the call opts it out.
 * v1 left with a marker above its statement is known and passes, whichever rule the marker names (the blocker a run
 * computes without the journey map may differ from the one the marking run named), as does code opted out with
 * `journey-codemod-ignore`; so does a site whose only change is its marker (a hard-coded token scope) once it is in.
 */
export function checkFindings(result: CodemodResult): Finding[] {
  const findings: Finding[] = [];
  for (const site of result.sites) {
    const changes = (site.status === 'migrated' || site.status === 'needs-review') && site.edits.length > 0;
    if (changes) findings.push({ file: site.file, line: site.line, text: `v1, migratable [${site.rule}] ${site.reason}` });
    else if ((site.status === 'unsupported' || site.status === 'needs-review') && !hasMarker(site.markerAt))
      findings.push({ file: site.file, line: site.line, text: `v1 remains, unmarked [${site.rule}] ${site.reason}` });
  }
  for (const file of result.files)
    if (file.status === 'refused') findings.push({ file: file.file, line: 1, text: `not checked: ${file.error ?? 'refused'}` });
  for (const flow of result.flows.filter((each: Flow) => each.decision === 'half')) {
    const first = flow.sites.find((site) => site.status === 'unsupported') ?? flow.sites[0];
    if (first)
      findings.push({
        file: first.file,
        line: first.line,
        text: `flow half on v2 [${first.rule}] its v2 calls share an instance with v1 calls in ${flow.files.length} file(s)`,
      });
  }
  // A test double of v1 for code that now calls v2, marked or not: the test answers v2 requests with v1 bodies.
  const byId = new Map(result.sites.map((site) => [site.id, site]));
  for (const { site: id, v2File } of result.mocksOfV2) {
    const site = byId.get(id);
    if (site)
      findings.push({
        file: site.file,
        line: site.line,
        text: `v1 mock of a flow on v2 [${site.planned.rule}] ${site.refusal?.reason ?? site.reason}, and ${seenFrom(v2File, site.file)}, which the file imports, calls v2: write the v2 answers and paths`,
      });
  }
  for (const { file, line, text, reaches, only } of result.v2Unfollowed) {
    // v1 marked elsewhere belongs to flows the run has accounted for; marked where the call leads, it may be this flow's.
    // An id handed out may come back to any v1 call no start's id reaches (`only`), marked or not.
    const mayBeOurs = (site: CodemodResult['sites'][number]) =>
      only ? only.includes(site.id) : !hasMarker(site.markerAt) || reaches.includes(site.file);
    const v1 = result.sites.find((site) => site.status !== 'ignored' && mayBeOurs(site));
    if (v1)
      findings.push({
        file,
        line,
        text: `flow may be half on v2: ${text}, and v1 remains (line ${v1.line} of ${seenFrom(v1.file, file)})`,
      });
  }
  return findings;
}
