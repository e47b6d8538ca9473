import { escapeHtml } from './escape-html.js';
import { percent } from './format.js';
import type { TimelinePoint } from './summary.js';

/** Colours of the mapping lines, in order; told apart in the legend too. */
const COLOURS = ['#1f77b4', '#d62728', '#2ca02c', '#9467bd', '#ff7f0e', '#17becf', '#8c564b', '#e377c2'];
const WIDTH = 880;
const HEIGHT = 300;
const PAD = { left: 56, right: 16, top: 36, bottom: 40 };

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
/** `text` cut to `max` characters as a reader counts them, never inside one (an emoji, a letter and its accent). */
function shortened(text: string, max: number): string {
  const characters = Array.from(graphemes.segment(text), ({ segment }) => segment);
  return characters.length > max ? `${characters.slice(0, max - 1).join('')}…` : text;
}
const clock = (ms: number) => new Date(ms).toISOString().slice(5, 16).replace('T', ' ');

/**
 * Consistency over time, one line per mapping, as inline SVG: no script, no external file. The y axis starts a
 * little under the lowest point (at most at 90%), so a drop from 100% to 98% is visible rather than a hair.
 */
export function consistencyChart(timeline: readonly TimelinePoint[]): string {
  if (timeline.length === 0) return '<p>No pair had an outcome on both sides: nothing to chart.</p>';
  const times = timeline.map((point) => Date.parse(point.at));
  // Reduces, not Math.min(...times): a chart of many mappings has more points than a call has room for arguments.
  const start = times.reduce((a, b) => Math.min(a, b));
  const span = Math.max(1, times.reduce((a, b) => Math.max(a, b)) - start);
  const lowest = timeline.reduce((low, point) => Math.min(low, point.consistency), 1);
  const floor = Math.max(0, Math.min(0.9, Math.floor((lowest - 0.01) * 20) / 20));
  const x = (ms: number) => PAD.left + ((ms - start) / span) * (WIDTH - PAD.left - PAD.right);
  const y = (share: number) => PAD.top + (1 - (share - floor) / (1 - floor)) * (HEIGHT - PAD.top - PAD.bottom);

  const grid = Array.from({ length: 5 }, (_, index) => floor + ((1 - floor) * index) / 4).map(
    (share) =>
      `<line x1="${PAD.left}" x2="${WIDTH - PAD.right}" y1="${y(share)}" y2="${y(share)}" stroke="#ddd"/>` +
      `<text x="${PAD.left - 6}" y="${y(share) + 4}" text-anchor="end">${(share * 100).toFixed(1)}%</text>`,
  );
  const ticks = [start, start + span / 2, start + span].map(
    (ms, index) => `<text x="${x(ms)}" y="${HEIGHT - 14}" text-anchor="${['start', 'middle', 'end'][index]}">${clock(ms)} UTC</text>`,
  );
  // Grouped in one pass, not filtered per mapping: that is quadratic in mappings, minutes for a hundred thousand.
  const byMapping = new Map<string, TimelinePoint[]>();
  for (const point of timeline) {
    const points = byMapping.get(point.mapping) ?? [];
    points.push(point);
    byMapping.set(point.mapping, points);
  }
  const mappings = [...byMapping.keys()];
  const lines = [...byMapping].map(([mapping, points], index) => {
    const colour = COLOURS[index % COLOURS.length];
    const path = points.map((point) => `${x(Date.parse(point.at)).toFixed(1)},${y(point.consistency).toFixed(1)}`).join(' ');
    const dots = points.map(
      (point) =>
        `<circle cx="${x(Date.parse(point.at)).toFixed(1)}" cy="${y(point.consistency).toFixed(1)}" r="3" fill="${colour}">` +
        `<title>${escapeHtml(mapping)} ${point.at}: ${percent(point.consistency)} of ${point.pairs} pairs</title></circle>`,
    );
    return `<polyline points="${path}" fill="none" stroke="${colour}" stroke-width="2"/>${dots.join('')}`;
  });
  const legend = mappings.map(
    (mapping, index) =>
      `<g transform="translate(${PAD.left + index * 220},4)"><rect width="12" height="12" fill="${COLOURS[index % COLOURS.length]}"/>` +
      `<text x="18" y="11">${escapeHtml(shortened(mapping, 28))}</text></g>`,
  );
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${WIDTH} ${HEIGHT}" width="${WIDTH}" height="${HEIGHT}" role="img" aria-label="Consistency over time per mapping" font-size="12" font-family="system-ui, sans-serif">`,
    ...grid,
    `<line x1="${PAD.left}" x2="${PAD.left}" y1="${PAD.top}" y2="${HEIGHT - PAD.bottom}" stroke="#888"/>`,
    ...ticks,
    ...lines,
    ...legend,
    '</svg>',
  ].join('\n');
}
