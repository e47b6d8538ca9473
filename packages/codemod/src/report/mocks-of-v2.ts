import { mentionsV2 } from '../files/prefilter.js';
import type { Site } from '../plan/types.js';

/**
 * Code that calls v2: its base (`/v2/captain`), or a path only v2 has (`interaction/fetch`, `interaction/submit`),
 * which a call through a base known only at run time names alone.
 */
const callsV2 = (code: string): boolean =>
  mentionsV2(code) || /\binteraction\/(?:fetch|submit)\b/.test(code.replace(/\/\*[\s\S]*?\*\/|(^|[^:])\/\/.*$/gm, '$1'));

/** A test double of v1 whose file reaches code that calls v2: it answers v1 to requests now made to v2. */
export interface MockOfV2 {
  readonly site: string;
  /** A file the mock's file imports, directly or not (or the file itself), that calls v2. */
  readonly v2File: string;
}

/**
 * The v1 answers and v1 path matches written out in code (`codemod.v1-response-mock`, marked or not, not opted
 * out) in files that import, directly or not, code that calls v2 (`/v2/captain`, or a path only v2 has, as the run
 * leaves it): the test
 * that holds them exercises a flow on v2 with v1 answers, which at best fails and at worst waits forever (a v2
 * start's wait polls `interaction/fetch`, answered with a v1 state). The code a mock's file imports is the only tie
 * the codemod sees between a test double and the flow it stands in for.
 */
export function mocksOfV2(
  sites: readonly Site[],
  files: readonly string[],
  textOf: (file: string) => string,
  importersOf: (file: string) => readonly string[],
): MockOfV2[] {
  const mocks = sites.filter((site) => site.planned.rule === 'codemod.v1-response-mock' && site.status !== 'ignored');
  if (mocks.length === 0) return [];
  // Each file that reaches v2 code, with the first v2 file it reaches: up the importers from every file that calls v2.
  const reaches = new Map<string, string>();
  // A marker's suggestion names v2 paths: what counts is the code.
  const code = (file: string) => textOf(file).replace(/\/\/ journey-codemod:.*|\/\* journey-codemod:[\s\S]*?\*\//g, '');
  for (const v2File of files.filter((file) => callsV2(code(file)))) {
    const pending = [v2File];
    for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
      if (reaches.has(file)) continue;
      reaches.set(file, v2File);
      pending.push(...importersOf(file));
    }
  }
  return mocks.flatMap((site) => {
    const v2File = reaches.get(site.file);
    return v2File === undefined ? [] : [{ site: site.id, v2File }];
  });
}
