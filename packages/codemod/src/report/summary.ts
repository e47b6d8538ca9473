import type { Flow } from '../plan/resolve.js';
import type { SiteStatus } from '../plan/types.js';
import type { CodemodResult, FileStatus } from '../run-codemod.js';

export interface Summary {
  readonly files: Readonly<Record<'scanned' | FileStatus, number>>;
  /** Journey flows: migrated whole, left on v1 whole, or holding v2 calls and v1 parts. */
  readonly flows: Readonly<Record<Flow['decision'], number>>;
  readonly sites: Readonly<Record<SiteStatus, number>>;
  /** rule → status → count. */
  readonly rules: Readonly<Record<string, Partial<Record<SiteStatus, number>>>>;
}

export function summarize(result: CodemodResult): Summary {
  const files = { scanned: 0, skipped: 0, unchanged: 0, changed: 0, created: 0, 'parse-error': 0, refused: 0 };
  for (const file of result.files) {
    files[file.status]++;
    if (file.status !== 'created') files.scanned++;
  }
  const sites: Record<SiteStatus, number> = { migrated: 0, 'needs-review': 0, unsupported: 0, ignored: 0 };
  const rules: Record<string, Partial<Record<SiteStatus, number>>> = {};
  for (const site of result.sites) {
    sites[site.status]++;
    const counts = rules[site.rule] ?? {};
    counts[site.status] = (counts[site.status] ?? 0) + 1;
    rules[site.rule] = counts;
  }
  const flows = { migrated: 0, v1: 0, half: 0 };
  for (const flow of result.flows) flows[flow.decision]++;
  return { files, flows, sites, rules };
}

export function formatSummary(summary: Summary, written: boolean): string {
  const { files, flows, sites, rules } = summary;
  // A refused file is left as it was: the markers of its sites are not written (`codemod.unchangeable-file`).
  const marked = files.refused > 0 ? 'marked, but for the files refused' : 'marked';
  const lines = [
    `files: ${files.scanned} scanned, ${files.skipped} skipped by prefilter, ${files.changed} ${written ? 'changed' : 'would change'}, ${files.unchanged} unchanged, ${files['parse-error']} parse errors, ${files.refused} refused${files.created > 0 ? `, ${files.created} ${written ? 'created' : 'would be created'} (the helper module)` : ''}`,
    `flows: ${flows.migrated} migrated whole, ${flows.v1} left on v1 (${marked})${flows.half > 0 ? `, ${flows.half} half on v2 (${marked})` : ''}`,
    `sites: ${sites.migrated} migrated, ${sites['needs-review']} to review (${marked}), ${sites.unsupported} ${files.refused > 0 ? `unsupported (${marked})` : 'marked unsupported'}, ${sites.ignored} ignored`,
  ];
  for (const rule of Object.keys(rules).sort()) {
    const counts = Object.entries(rules[rule] ?? {})
      .map(([status, count]) => `${count} ${status}`)
      .join(', ');
    lines.push(`  ${rule}: ${counts}`);
  }
  return lines.join('\n');
}
