import { escapeControlCharacters } from './escape-control-characters.js';
import { latency, literal, percent, RESULTS, resultCells, skippedNote, stageTable, uncheckedNotes } from './format.js';
import type { ReportSummary } from './summary.js';

/**
 * Rows as columns padded to their widest cell; `align` has an `l` or `r` per column. @default the first left, the
 * rest right. With `total`, a rule sets the last row (the total) apart: a mapping may be named like it.
 */
function table(
  header: readonly string[],
  given: readonly (readonly string[])[],
  align = `l${'r'.repeat(header.length - 1)}`,
  total = false,
): string[] {
  const rows = given.map((row) => row.map(escapeControlCharacters));
  // A reduce, not Math.max(...rows): a report of many mappings has more rows than a call has room for arguments.
  const widths = header.map((title, column) => rows.reduce((widest, row) => Math.max(widest, (row[column] ?? '').length), title.length));
  const line = (cells: readonly string[]) =>
    cells.map((cell, column) => (align[column] === 'l' ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0))).join('  ');
  const rule = '-'.repeat(widths.reduce((sum, width) => sum + width, 2 * (widths.length - 1)));
  const body = rows.map(line);
  return [line(header), ...(total ? [...body.slice(0, -1), rule, ...body.slice(-1)] : body)].map((text) => `  ${text.trimEnd()}`);
}

/** The summary for a terminal: what `journey-bridge compare` prints. */
export function formatSummary(summary: ReportSummary): string {
  // With more than one mapping, the tables end with the total row.
  const total = summary.mappings.length > 1;
  const rows = total ? [...summary.mappings, summary.overall] : summary.mappings;
  const lines = [
    `journey-bridge cutover report: ${summary.pairs} pairs${summary.from ? `, ${summary.from} to ${summary.to}` : ''}`,
    ...skippedNote(summary.skipped),
    '',
    'Pairs by result',
    ...table(['mapping', 'pairs', ...RESULTS, 'consistency'], rows.map(resultCells), undefined, total),
    ...uncheckedNotes(summary.mappings).map((note) => `  ${escapeControlCharacters(note)}`),
    '',
    'Errors and latency (ms from start to end)',
    ...table(
      ['mapping', 'v1 errors', 'v2 errors', 'lost to the store', 'v1 p50 / p99', 'v2 p50 / p99'],
      rows.map((row) => [
        row.mapping,
        percent(row.errorRate.v1),
        percent(row.errorRate.v2),
        String(row.lostToStore),
        latency(row.latency.v1),
        latency(row.latency.v2),
      ]),
      undefined,
      total,
    ),
    '',
    'Pairs per stage',
    ...table(...stageTable(rows), undefined, total),
    '',
  ];
  if (summary.fields.length === 0) return [...lines, 'No mismatching fields.', ''].join('\n');
  return [
    ...lines,
    'Most frequent mismatching fields',
    ...table(
      ['mapping', 'pairs', 'module.field', 'explained by', 'examples (v1 → v2)'],
      summary.fields.map((field) => [
        field.mapping,
        String(field.count),
        `${field.module}.${field.field}`,
        field.explainedBy ?? 'nothing in the register',
        field.examples.map((example) => `${literal(example.v1)} → ${literal(example.v2)} (v1 ${example.v1Instance})`).join('; '),
      ]),
      'lrlll',
    ),
    '',
  ].join('\n');
}
