import type { Site, SiteStatus } from '../plan/types.js';
import type { CodemodResult, FileStatus } from '../run-codemod.js';

export interface Summary {
  readonly files: Readonly<Record<'scanned' | FileStatus, number>>;
  readonly sites: Readonly<Record<SiteStatus, number>>;
  /** rule → status → count. */
  readonly rules: Readonly<Record<string, Partial<Record<SiteStatus, number>>>>;
}

export function summarize(result: CodemodResult): Summary {
  const files = { scanned: result.files.length, skipped: 0, unchanged: 0, changed: 0, 'parse-error': 0, refused: 0 };
  for (const file of result.files) files[file.status]++;
  const sites: Record<SiteStatus, number> = { migrated: 0, 'needs-review': 0, unsupported: 0, ignored: 0 };
  const rules: Record<string, Partial<Record<SiteStatus, number>>> = {};
  for (const site of result.sites) {
    sites[site.status]++;
    const counts = rules[site.rule] ?? {};
    counts[site.status] = (counts[site.status] ?? 0) + 1;
    rules[site.rule] = counts;
  }
  return { files, sites, rules };
}

/** Sites that leave v1 behind in the code: what `--check` fails on. */
export const remainingV1 = (sites: readonly Site[]): Site[] => sites.filter((site) => site.status === 'unsupported');

export function formatSummary(summary: Summary, written: boolean): string {
  const { files, sites, rules } = summary;
  const lines = [
    `files: ${files.scanned} scanned, ${files.skipped} skipped by prefilter, ${files.changed} ${written ? 'changed' : 'would change'}, ${files.unchanged} unchanged, ${files['parse-error']} parse errors, ${files.refused} refused`,
    `sites: ${sites.migrated} migrated, ${sites['needs-review']} migrated but need review, ${sites.unsupported} marked unsupported, ${sites.ignored} ignored`,
  ];
  for (const rule of Object.keys(rules).sort()) {
    const counts = Object.entries(rules[rule] ?? {})
      .map(([status, count]) => `${count} ${status}`)
      .join(', ');
    lines.push(`  ${rule}: ${counts}`);
  }
  return lines.join('\n');
}
