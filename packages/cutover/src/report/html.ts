import { consistencyChart } from './chart.js';
import { escapeHtml } from './escape-html.js';
import { latency, literal, percent, RESULTS, resultCells, skippedNote, stageTable, uncheckedNotes } from './format.js';
import type { ReportSummary } from './summary.js';

/** The page's title, also its `<h1>`: what a reader (or a test of the page) looks for first. */
export const REPORT_TITLE = 'journey-bridge cutover report';

const STYLE = `
body { font-family: system-ui, sans-serif; margin: 2rem auto; max-width: 960px; color: #222; }
h1 { font-size: 1.6rem; margin-bottom: 0.2rem; } h2 { font-size: 1.15rem; margin-top: 2rem; }
.lead { color: #555; margin-top: 0; }
.cards { display: flex; gap: 1rem; margin: 1.2rem 0; } .card { border: 1px solid #ddd; border-radius: 6px; padding: 0.6rem 1rem; }
.card b { display: block; font-size: 1.5rem; }
table { border-collapse: collapse; width: 100%; font-size: 0.9rem; }
th, td { border-bottom: 1px solid #e5e5e5; padding: 0.3rem 0.5rem; text-align: right; }
th:first-child, td:first-child, .text { text-align: left; } tr.all td { font-weight: 600; }
td.bad, p.bad { color: #b00020; font-weight: 600; }
figure { margin: 0; } figcaption, .note { color: #555; font-size: 0.85rem; }`;

const cell = (tag: 'th' | 'td', text: string, css: string) => `<${tag}${css ? ` class="${css}"` : ''}>${escapeHtml(text)}</${tag}>`;

/**
 * `classes(row, column)` styles a cell; row -1 is the header. With `total`, the last row is the total, marked by
 * its place: a mapping may be named like it.
 */
function htmlTable(
  header: readonly string[],
  rows: readonly (readonly string[])[],
  classes: (row: number, column: number) => string = () => '',
  total = false,
): string {
  const head = `<tr>${header.map((title, column) => cell('th', title, classes(-1, column))).join('')}</tr>`;
  const body = rows.map(
    (row, index) =>
      `<tr${total && index === rows.length - 1 ? ' class="all"' : ''}>${row.map((text, column) => cell('td', text, classes(index, column))).join('')}</tr>`,
  );
  return `<table>${head}${body.join('')}</table>`;
}

/**
 * The report as one self-contained HTML page (inline style and SVG, no script, nothing fetched): the summary
 * cards, consistency over time per mapping, pairs by result, errors and latency per side, pairs per stage, and
 * the most frequent mismatching fields with examples. Every value is escaped.
 */
export function renderHtmlReport(summary: ReportSummary): string {
  // With more than one mapping, the tables end with the total row.
  const total = summary.mappings.length > 1;
  const rows = total ? [...summary.mappings, summary.overall] : summary.mappings;
  const { overall } = summary;
  const span = summary.from ? `${summary.from} to ${summary.to}` : 'no records';
  const mismatchColumn = 2 + RESULTS.indexOf('mismatch');
  const fields =
    summary.fields.length === 0
      ? '<p>No mismatching fields.</p>'
      : htmlTable(
          ['mapping', 'pairs', 'module.field', 'explained by', 'examples (v1 → v2)'],
          summary.fields.map((field) => [
            field.mapping,
            String(field.count),
            `${field.module}.${field.field}`,
            field.explainedBy ?? 'nothing in the register',
            field.examples.map((example) => `${literal(example.v1)} → ${literal(example.v2)} (v1 ${example.v1Instance})`).join('; '),
          ]),
          (_, column) => (column >= 2 ? 'text' : ''),
        );
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${REPORT_TITLE}</title>
<style>${STYLE}</style>
</head>
<body>
<h1>${REPORT_TITLE}</h1>
<p class="lead">${summary.pairs} compared pairs, ${escapeHtml(span)}</p>
${skippedNote(summary.skipped)
  .map((line) => `<p class="bad">${escapeHtml(line)}</p>\n`)
  .join('')}
<div class="cards">
<div class="card"><b>${percent(overall.consistency)}</b>consistency</div>
<div class="card"><b>${overall.results.mismatch}</b>mismatches</div>
<div class="card"><b>${percent(overall.errorRate.v1)} / ${percent(overall.errorRate.v2)}</b>errors v1 / v2</div>
<div class="card"><b>${latency(overall.latency.v1)}</b>v1 p50 / p99 ms</div>
<div class="card"><b>${latency(overall.latency.v2)}</b>v2 p50 / p99 ms</div>
</div>
<h2>Consistency over time</h2>
<figure>${consistencyChart(summary.timeline)}
<figcaption>Share of the pairs with an outcome on both sides that did not mismatch, per mapping and time slice.</figcaption></figure>
<h2>Pairs by result</h2>
${htmlTable(
  ['mapping', 'pairs', ...RESULTS, 'consistency'],
  rows.map(resultCells),
  (row, column) => (column === mismatchColumn && (rows[row]?.results.mismatch ?? 0) > 0 ? 'bad' : ''),
  total,
)}
${uncheckedNotes(summary.mappings)
  .map((line) => `<p class="bad">${escapeHtml(line)}</p>\n`)
  .join('')}<h2>Errors and latency</h2>
${htmlTable(
  ['mapping', 'v1 errors', 'v2 errors', 'lost to the store', 'v1 p50 / p99 ms', 'v2 p50 / p99 ms'],
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
)}
<h2>Pairs per stage</h2>
${htmlTable(...stageTable(rows), undefined, total)}
<h2>Most frequent mismatching fields</h2>
${fields}
<p class="note">consistency = (match + reasonable + ignored) / (match + reasonable + ignored + mismatch); errors and timeouts are counted apart. A side's errors are its own failures: a pair lost to the store (the shadow's data lost or unreadable there: ShadowDataLostError, SealedSubjectError) is neither side's. Instance ids are as recorded (hashed unless the publisher was told otherwise).</p>
</body>
</html>
`;
}
