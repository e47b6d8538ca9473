import { describe, expect, it } from 'vitest';
import { overlappingEdits, reportLeftFiles, withFlowMates } from '../src/edits/left-files.js';
import type { Flow } from '../src/plan/resolve.js';
import type { Site, TextEdit } from '../src/plan/types.js';

const edit = (file: string, start: number, end: number, text: string): TextEdit => ({ file, start, end, text });
const flow = (id: number, files: string[]): Flow => ({ id, decision: 'migrated', files, sites: [], boundaries: [] });

describe('files whose edits overlap', () => {
  const texts = new Map([
    ['/app/a.ts', 'const { tasks } = (await list.json()) as { tasks: T[] };'],
    ['/app/b.ts', 'export const list = 1;'],
    ['/app/c.ts', 'export const other = 2;'],
    ['/app/d.ts', 'export const more = 3;'],
  ]);
  const edits = new Map([
    ['/app/a.ts', [edit('/app/a.ts', 6, 55, 'tasks = x'), edit('/app/a.ts', 41, 55, 'V2Interaction')]],
    ['/app/b.ts', [edit('/app/b.ts', 13, 17, 'items')]],
    ['/app/c.ts', [edit('/app/c.ts', 13, 18, 'another')]],
  ]);

  it('are left as they are, with every file of their flows and of those files’ flows, the others edited', () => {
    const left = withFlowMates(overlappingEdits(texts, edits), [
      flow(1, ['/app/a.ts', '/app/b.ts']),
      flow(2, ['/app/b.ts', '/app/d.ts']),
      flow(3, ['/app/c.ts']),
    ]);
    expect(Object.fromEntries([...left].map(([file, { reason }]) => [file, reason]))).toEqual({
      '/app/a.ts':
        'overlapping edits in /app/a.ts: [6, 55) and [41, 55), a bug of the codemod: left as it was, with the files of its flows',
      '/app/b.ts': 'left as it was: a flow of it has a part in /app/a.ts, whose edits overlap',
      '/app/d.ts': 'left as it was: a flow of it has a part in /app/b.ts, whose edits overlap',
    });
  });

  it('are none when no edits overlap: insertions at a replacement’s ends compose with it', () => {
    const composed = new Map([
      ['/app/a.ts', [edit('/app/a.ts', 18, 18, 'f('), edit('/app/a.ts', 41, 55, 'V2Interaction'), edit('/app/a.ts', 55, 55, ')')]],
    ]);
    expect(overlappingEdits(texts, composed).size).toBe(0);
  });

  it('are reported as they were left: their sites unsupported and their flows on v1, not migrated', () => {
    const site = (file: string, start: number): Site => ({
      id: `${file}:${start}`,
      file,
      line: 1,
      span: { start, end: start + 1 },
      role: 'read',
      rule: 'endpoint.task-list',
      status: 'migrated',
      reason: 'v1 tasks → the v2 interaction',
      planned: { rule: 'endpoint.task-list', reason: 'v1 tasks → the v2 interaction' },
      reviews: [],
      ignored: false,
      edits: [],
      markerAt: { offset: 0, indent: '', onOwnLine: true, existing: [], written: [] },
      pieces: [],
      helpers: [],
    });
    const [a, b, c] = [site('/app/a.ts', 6), site('/app/b.ts', 13), site('/app/c.ts', 13)];
    const flows: Flow[] = [
      { ...flow(1, ['/app/a.ts', '/app/b.ts']), sites: [a, b] },
      { ...flow(3, ['/app/c.ts']), sites: [c] },
    ];
    const left = withFlowMates(overlappingEdits(texts, edits), flows);
    const reported = reportLeftFiles(flows, [a, b, c], left);
    expect(reported.map((entry) => ({ decision: entry.decision, blockedBy: entry.blockedBy?.id }))).toEqual([
      { decision: 'v1', blockedBy: '/app/a.ts:6' },
      { decision: 'migrated', blockedBy: undefined },
    ]);
    expect([a, b, c].map((entry) => [entry.status, entry.rule, entry.reason])).toEqual([
      ['unsupported', 'codemod.overlapping-edits', left.get('/app/a.ts')?.reason],
      ['unsupported', 'codemod.overlapping-edits', 'left as it was: a flow of it has a part in /app/a.ts, whose edits overlap'],
      ['migrated', 'endpoint.task-list', 'v1 tasks → the v2 interaction'],
    ]);
  });
});
