import type { V1Literal } from '../plan/plan-file.js';
import { UNRECOGNIZED_V1_URL_FORM } from '../plan/stray-urls.js';
import { type Site, settle } from '../plan/types.js';

/** Where a v1 base literal may be the base of calls elsewhere. */
export interface BaseReach {
  /** Whether the file gives an instance's defaults their base (`axios.defaults.baseURL = …`). @default never */
  readonly setsDefaultBase?: (file: string) => boolean;
  /** The files that import the file. @default none */
  readonly importersOf?: (file: string) => readonly string[];
}

/** A file and those that import it, directly or through re-exporting modules (a barrel's `export * from './journey'`), three steps at most. */
function reachingFiles(file: string, importersOf: (file: string) => readonly string[]): string[] {
  const found = new Set([file]);
  let frontier = [file];
  for (let step = 0; step < 3 && frontier.length > 0; step++) {
    frontier = frontier.flatMap((each) => importersOf(each)).filter((importer) => !found.has(importer));
    for (const importer of frontier) found.add(importer);
  }
  return [...found];
}

/** The reason a v1 base that no recognised request goes through stays v1. */
const UNTIED_BASE =
  'a v1 base URL no request the codemod recognises is sent through (a base class, a field joined to paths elsewhere): the paths, bodies and answers of the requests joined to it stay v1';

/**
 * Ties the v1 bases the codemod found to the requests sent through them, or keeps them on v1: rewriting a base or
 * a path alone sends v1 bodies to v2 and reads v2 answers as v1. Two cases:
 *
 * - a call that carries only a v1 base (`super(`${host}/captain/api/journey/`)`, `fetch(BASE + path)` of a
 *   wrapper nobody calls) and shares no piece with a call of a known operation: the requests joined to it are not
 *   seen, so it is refused, and stays v1;
 * - a v1 literal outside any call (`this.base = `${host}/captain/api/``) in a file whose calls go through a base
 *   known only at run time: that base may be this literal, so the literal joins their flow and, staying v1 with
 *   its own marker, keeps them on v1 too. So does one in a file such files import (a config provider's getter,
 *   `importersOf`). One in a file that gives an instance's defaults their base (`axios.defaults.baseURL = …` in
 *   a bootstrap file, `setsDefaultBase`) may be the base of calls in any file, so it joins every such flow of the run.
 *
 * Returns the literals it tied, to be decided with the sites (they are covered from then on).
 */
export function tieBases(
  sites: readonly Site[],
  literals: readonly V1Literal[],
  { setsDefaultBase = () => false, importersOf = () => [] }: BaseReach = {},
): Site[] {
  const calls = sites.filter((site) => site.role === 'call');
  const withOperation = new Set(calls.filter((site) => site.operation !== undefined).flatMap((site) => site.pieces));
  for (const site of calls) {
    if (site.operation !== undefined || site.refusal || site.pieces.some((piece) => withOperation.has(piece))) continue;
    site.refusal = { rule: 'codemod.unrecognized-v1-url', reason: UNTIED_BASE, suggestion: UNRECOGNIZED_V1_URL_FORM };
    settle(site);
  }
  const covered = new Set(sites.flatMap((site) => site.pieces));
  const runTimeBases = new Map<string, Set<string>>();
  for (const site of calls) {
    for (const piece of site.pieces) {
      if (!piece.startsWith('run-time-base:')) continue;
      const set = runTimeBases.get(site.file) ?? new Set<string>();
      set.add(piece);
      runTimeBases.set(site.file, set);
    }
  }
  const everywhere = [...runTimeBases.values()].flatMap((bases) => [...bases]);
  const tied: Site[] = [];
  for (const literal of literals) {
    if (covered.has(literal.key)) continue;
    const { file } = literal.site;
    const bases = setsDefaultBase(file)
      ? everywhere
      : reachingFiles(file, importersOf).flatMap((reaching) => [...(runTimeBases.get(reaching) ?? [])]);
    if (bases.length === 0) continue;
    tied.push({ ...literal.site, pieces: [...literal.site.pieces, literal.key, ...bases] });
  }
  return tied;
}
