import { dirname, relative } from 'node:path';
import { MARKER_PREFIX } from './file-context.js';
import type { FilePlan } from './plan-file.js';
import type { Site, TextEdit } from './types.js';

/** Every site of the run with its final status, and the edits per file that carry them out. */
export interface Resolution {
  readonly sites: readonly Site[];
  readonly edits: ReadonlyMap<string, TextEdit[]>;
}

const changes = (site: Site): boolean => site.status === 'migrated' || site.status === 'needs-review';

/**
 * Decides across files: a literal shared by sites changes only if every one of them is migrated, otherwise they
 * all stay v1 (all-or-nothing, repeated until stable); reads follow their calls; v1 literals no site accounts
 * for are reported. Then each site contributes its edits and, when it is not simply migrated, one marker.
 */
export function resolvePlans(plans: readonly FilePlan[], eolOf: (file: string) => string): Resolution {
  const sites = plans.flatMap((plan) => plan.sites.map((site) => ({ ...site })));
  const byPiece = new Map<string, Site[]>();
  for (const site of sites) for (const piece of site.pieces) byPiece.set(piece, [...(byPiece.get(piece) ?? []), site]);
  // A read that cannot be migrated keeps the calls it reads from on v1: migrating them would break it.
  const byId = new Map(sites.map((site) => [site.id, site]));
  for (const read of sites) {
    if (read.status !== 'unsupported' || !read.dependsOn) continue;
    for (const id of read.dependsOn) {
      const call = byId.get(id);
      if (!call || !changes(call)) continue;
      call.status = 'unsupported';
      call.rule = read.rule;
      call.reason = `its result is read at line ${read.line} in a way that has no v2 counterpart`;
      call.suggestion = read.suggestion;
    }
  }
  let changed = true;
  while (changed) {
    changed = false;
    for (const site of sites) {
      if (changes(site)) continue;
      for (const piece of site.pieces) {
        for (const other of byPiece.get(piece) ?? []) {
          if (!changes(other)) continue;
          other.status = 'unsupported';
          other.reason = `shares ${describePiece(piece, other.file)} with the v1 code at line ${site.line} of ${where(site.file, other.file)}, which stays v1`;
          other.rule = 'codemod.shared-constant';
          other.suggestion = undefined;
          changed = true;
        }
      }
    }
  }
  const alive = new Set(sites.filter(changes).map((site) => site.id));
  // Reads follow their calls; a read that stays v1 keeps its marker, which explains why its calls did.
  const kept = sites.filter((site) => !site.dependsOn || site.status === 'unsupported' || site.dependsOn.some((id) => alive.has(id)));
  const covered = new Set(sites.flatMap((site) => site.pieces));
  for (const plan of plans) for (const literal of plan.literals) if (!covered.has(literal.key)) kept.push(literal.site);

  const edits = new Map<string, TextEdit[]>();
  const add = (edit: TextEdit) => edits.set(edit.file, [...(edits.get(edit.file) ?? []), edit]);
  const markersAt = new Set<string>();
  for (const site of kept) {
    if (changes(site)) site.edits.forEach(add);
    if (site.status === 'migrated' || site.status === 'ignored' || site.markerAt.existing.includes(site.rule)) continue;
    const key = `${site.file}:${site.markerAt.offset}:${site.rule}`;
    if (markersAt.has(key)) continue;
    markersAt.add(key);
    add({ file: site.file, start: site.markerAt.offset, end: site.markerAt.offset, text: markerText(site, eolOf(site.file)) });
  }
  return { sites: kept.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line), edits };
}

/** `// journey-codemod: unsupported [rule] reason → v2: suggestion`: a stable prefix, the rule id, the reason, the v2 form. */
export function markerText(site: Site, eol: string): string {
  const suggestion = site.suggestion ? ` → v2: ${site.suggestion}` : '';
  const body = `${MARKER_PREFIX} ${site.status} [${site.rule}] ${site.reason}${suggestion}`.replaceAll('*/', '* /');
  return site.markerAt.onOwnLine ? `${site.markerAt.indent}// ${body.replace(/\r?\n/g, ' ')}${eol}` : `/* ${body} */ `;
}

/** A file as seen from another: `this file`, or a relative path (markers never carry machine paths). */
const where = (file: string, from: string): string => (file === from ? 'this file' : relative(dirname(from), file));

function describePiece(piece: string, from: string): string {
  if (piece.startsWith('v1-client:')) return 'its V1Api client';
  if (piece.startsWith('run-time-base:')) return `its run-time base (${piece.slice(piece.lastIndexOf(':') + 1)})`;
  const at = piece.lastIndexOf(':');
  return `the literal at offset ${piece.slice(at + 1)} of ${where(piece.slice(0, at), from)}`;
}
