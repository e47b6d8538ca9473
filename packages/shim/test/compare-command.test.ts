import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { resolveJourneyMap, type V1State } from '@journey-bridge/contract';
import {
  comparePair,
  createRecordPublisher,
  formatSummary,
  normalise,
  type PairFailure,
  type PairRecord,
  REPORT_TITLE,
  type ReportSummary,
  renderHtmlReport,
  summariseRecords,
} from '@journey-bridge/cutover';
import type { JourneyDefinition } from '@journey-bridge/simulator';
import puppeteer from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, chromiumLaunchOptions } from '../../../test/support/chromium.js';
import { baseSubject, bundled, configuredFlowKeys, pairedPlatform, republished, subjectsFor } from '../../cutover/test/paired-runs.js';
import { main } from '../src/cli.js';
import { resolveConfig } from '../src/config.js';
import { removeTempDirs, tempDir } from './shim-cli.js';

/** Runs `journey-bridge …` in this process: the exit code and what it wrote. */
async function cli(...argv: string[]) {
  let stdout = '';
  let stderr = '';
  const code = await main(argv, {
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
  });
  return { code, stdout, stderr };
}

const START = Date.parse('2026-03-02T09:00:00Z');

/** The data check's subject every module matches, and its subject for manual review; the fraud screen's matching one. */
async function runsOf(dataCheck: JourneyDefinition) {
  const fraud = bundled.find((journey) => journey.id === 'fraud-screen') as JourneyDefinition;
  const { run } = pairedPlatform({ journeys: [dataCheck, fraud], flowKeys: 'none' });
  const review = baseSubject();
  review.identity = { ...review.identity, lastNames: ['Review'] };
  const [base, referred, screened] = await run([
    { journey: dataCheck, subject: baseSubject() },
    { journey: dataCheck, subject: review },
    { journey: fraud, subject: baseSubject() },
  ]);
  return { base, referred, screened } as Record<'base' | 'referred' | 'screened', NonNullable<typeof base>>;
}

/**
 * A report as a cutover writes it over four hours, one pair a minute: the data check (a matching subject, then
 * one for review) and the fraud screen (twice) in turn; in shadow for three hours, then live. For 80 minutes in
 * the middle the data check's v2 republication refers nobody to review (`seeded`): what v1 calls a partial match
 * is no match on v2, a real mismatch. Every twentieth pair's shadow times out. Outcomes are kept (for --learn);
 * latencies are the simulator's, from each state's start and end.
 */
async function writeReport(dir: string, { seeded = true } = {}): Promise<string> {
  const rules = bundled.find((journey) => journey.id === 'data-check')?.segments[0]?.modules[0]?.rules ?? [];
  const v2Rules = rules.map((rule) =>
    rule.outcome === 'Partial Match' ? { ...rule, outcome: 'No Match', classification: 'negative' } : rule,
  );
  const clean = await runsOf(await republished('data-check', {}));
  const changed = seeded ? await runsOf(await republished('data-check', { 'identity-check': { v2Rules } })) : clean;
  const file = join(dir, 'pairs.jsonl');
  const publisher = createRecordPublisher({ file, salt: 'report-test' });
  const took = (state: V1State) =>
    state.metaData ? Date.parse(state.metaData.completedTime) - Date.parse(state.metaData.createdTime) : undefined;
  for (let index = 0; index < 240; index += 1) {
    const runs = index >= 80 && index < 160 ? changed : clean;
    const { journey, v1, v2 } = [runs.base, runs.referred, runs.screened, runs.screened][index % 4] as typeof runs.base;
    const outcomes = { v1: normalise(v1, journey.v1Dialect), v2: normalise(v2, journey.v1Dialect, configuredFlowKeys(journey)) };
    const timedOut = index % 20 === 19;
    const shadow: PairFailure = { failed: 'timeout', error: 'ShadowTimeoutError' };
    publisher.publish({
      mapping: journey.resourceIds.v1.production,
      stage: index < 180 ? 'shadow' : 'live',
      primary: index < 180 ? 'v1' : 'v2',
      v1Instance: v1.instanceId,
      v2Instance: v2.instanceId,
      ...comparePair(outcomes.v1, timedOut ? shadow : outcomes.v2),
      latencyMs: { v1: took(v1), v2: timedOut ? undefined : took(v2) },
      ...(timedOut && { errors: { v2: shadow.error } }),
      at: new Date(START + index * 60_000).toISOString(),
      ...(!timedOut && { outcomes: { v1: outcomes.v1, v2: normalise(v2, journey.v1Dialect) } }),
    });
  }
  await publisher.close();
  return file;
}

let dir: string;
let report: string;
/** The same report without the seeded difference: its identity check's outcomes agree throughout. */
let cleanReport: string;
beforeAll(async () => {
  dir = await tempDir();
  report = await writeReport(dir);
  cleanReport = await writeReport(await tempDir(), { seeded: false });
});
afterAll(removeTempDirs);

const dataCheck = bundled.find((journey) => journey.id === 'data-check') as JourneyDefinition;
/** Pairs of the data check over its subjects, without flow keys or with the configured ones. */
const runs = (flowKeys: 'none' | 'configured') => {
  const { sim, run } = pairedPlatform({ journeys: [dataCheck], flowKeys });
  return run(subjectsFor(dataCheck, sim.core.clock.now()).map((subject) => ({ journey: dataCheck, subject })));
};
/** Records of `pairs` with both outcomes, as a cutover whose mapping is named `data-check` writes them. */
const write = async (pairs: Awaited<ReturnType<typeof runs>>) => {
  const file = join(await tempDir(), 'pairs.jsonl');
  const publisher = createRecordPublisher({ file, salt: 'learn-test' });
  for (const { v1, v2 } of pairs) {
    const outcomes = { v1: normalise(v1, dataCheck.v1Dialect), v2: normalise(v2, dataCheck.v1Dialect) };
    const at = new Date(START).toISOString();
    const common = { mapping: 'data-check', stage: 'shadow', primary: 'v1', latencyMs: { v1: 1, v2: 1 }, at, outcomes } as const;
    publisher.publish({ ...common, v1Instance: v1.instanceId, v2Instance: v2.instanceId, ...comparePair(outcomes.v1, outcomes.v2) });
  }
  await publisher.close();
  return file;
};

/** The report's first record without its outcomes: a template for records made up line by line. */
const template = async (): Promise<Record<string, unknown>> => {
  const { outcomes: _, ...record } = JSON.parse((await readFile(report, 'utf8')).split('\n')[0] ?? '') as Record<string, unknown>;
  return record;
};
/** A records file of the template with each of `changes` made, one line each, after `prefix`. */
async function madeUp(changes: readonly object[], prefix = ''): Promise<string> {
  const record = await template();
  const file = join(await tempDir(), 'made-up.jsonl');
  await writeFile(file, prefix + changes.map((change) => `${JSON.stringify({ ...record, differences: [], ...change })}\n`).join(''));
  return file;
}
/** `count` records of `result`. */
const many = (count: number, result: string) => Array.from({ length: count }, () => ({ result }));
// biome-ignore lint/suspicious/noControlCharactersInRegex: looking for them is the point.
const RAW_CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/;

describe('journey-bridge compare', () => {
  it('prints pairs by result per mapping, the fields that mismatch with examples, errors, latency and stages, and exits 1', async () => {
    const { code, stdout } = await cli('compare', report);
    expect(code).toBe(1);
    expect(stdout).toContain('journey-bridge cutover report: 240 pairs, 2026-03-02T09:00:00.000Z to 2026-03-02T12:59:00.000Z');
    const row = (title: string, mapping: string) => {
      const section = stdout.slice(stdout.indexOf(title));
      return section
        .split('\n')
        .find((line) => line.trimStart().startsWith(mapping))
        ?.trim()
        .split(/\s{2,}/);
    };
    // 120 pairs each; 20 of the data check's referred subjects met the changed republication; 12 fraud screens timed out.
    expect(row('Pairs by result', 'a1d7c3f0data-check-v1')).toEqual([
      'a1d7c3f0data-check-v1',
      '120',
      '100',
      '0',
      '20',
      '0',
      '0',
      '0',
      '83.3%',
    ]);
    expect(row('Pairs by result', 'e5b1a7d4fraud-screen-v1')).toEqual([
      'e5b1a7d4fraud-screen-v1',
      '120',
      '108',
      '0',
      '0',
      '0',
      '0',
      '12',
      '100.0%',
    ]);
    expect(row('Pairs by result', '(all)')).toEqual(['(all)', '240', '208', '0', '20', '0', '0', '12', '91.2%']);
    expect(row('Errors and latency', 'e5b1a7d4fraud-screen-v1')).toEqual([
      'e5b1a7d4fraud-screen-v1',
      '0.0%',
      '10.0%',
      '0',
      '1000 / 1000',
      '1000 / 1000',
    ]);
    expect(row('Errors and latency', 'a1d7c3f0data-check-v1')).toEqual([
      'a1d7c3f0data-check-v1',
      '0.0%',
      '0.0%',
      '0',
      '1200 / 1200',
      '1200 / 1200',
    ]);
    expect(row('Pairs per stage', '(all)')).toEqual(['(all)', '0', '180', '60', '0', '0']);
    const fields = stdout.slice(stdout.indexOf('Most frequent mismatching fields')).split('\n').slice(2, 6);
    // Each example with the hashed v1 instance of a pair that showed it, as the HTML and JSON reports give it.
    const example = (values: string) => expect.stringMatching(new RegExp(`^${values} \\(v1 [0-9a-f]{32}\\)$`));
    expect(fields.map((line) => line.trim().split(/\s{2,}/))).toEqual([
      ['a1d7c3f0data-check-v1', '20', 'decision.value', 'nothing in the register', example('"Manual review" → "Reject"')],
      ['a1d7c3f0data-check-v1', '20', 'kyc-eu-v3.outcome', 'nothing in the register', example('"Partial Match" → "No Match"')],
      ['a1d7c3f0data-check-v1', '20', 'kyc-eu-v3.classification', 'nothing in the register', example('"neutral" → "negative"')],
      ['a1d7c3f0data-check-v1', '20', 'kyc-eu-v3.advice.svcScore', 'nothing in the register', example('50 → 10')],
    ]);
  });

  it('exits 0 when consistency reaches --fail-under, and when nothing mismatches', async () => {
    expect((await cli('compare', report, '--fail-under', '91')).code).toBe(0);
    expect((await cli('compare', report, '--fail-under', '91.5')).code).toBe(1);
    const clean = await writeReport(await tempDir(), { seeded: false });
    const { code, stdout } = await cli('compare', clean);
    expect(code).toBe(0);
    expect(stdout).toContain('No mismatching fields.');
  });

  it('passes a run exactly at the --fail-under bar, whatever the ratio', async () => {
    // 487 of 500 is 97.4%, which as a float is 97.39999999999999.
    const file = await madeUp([...many(487, 'match'), ...many(13, 'mismatch')]);
    const at = await cli('compare', file, '--fail-under', '97.4');
    expect([at.code, at.stdout]).toEqual([0, expect.stringMatching(/\s97\.4%\n/)]);
    expect((await cli('compare', file, '--fail-under', '97.41')).code).toBe(1);
  });

  it('never rounds a mismatch away: 2000 matches and a mismatch is 99.95%, not 100.0%', async () => {
    const file = await madeUp([...many(2000, 'match'), { result: 'mismatch' }]);
    const { code, stdout } = await cli('compare', file);
    expect(code).toBe(1);
    expect(stdout).toMatch(/\s99\.95%\n/);
    expect(stdout).not.toContain('100.0%');
    expect((await cli('compare', file, '--html', '-')).stdout).toContain('<b>99.95%</b>consistency');
  });

  it('gives the earliest and latest record by time, as they are written, when their offsets differ', async () => {
    // 08:30Z, 09:00Z and 10:30Z: as text, 09:00Z would come first and 10:30+02:00 last.
    const file = await madeUp([
      { at: '2026-03-02T09:00:00Z' },
      { at: '2026-03-02T10:30:00+02:00' },
      { at: '2026-03-02T09:30:00.000-01:00' },
    ]);
    const { stdout } = await cli('compare', file, '--json');
    expect(JSON.parse(stdout)).toMatchObject({ from: '2026-03-02T10:30:00+02:00', to: '2026-03-02T09:30:00.000-01:00' });
    expect((await cli('compare', file)).stdout).toContain('3 pairs, 2026-03-02T10:30:00+02:00 to 2026-03-02T09:30:00.000-01:00');
  });

  it('reads the first record of a file that starts with a byte order mark', async () => {
    const { code, stdout } = await cli('compare', await madeUp(many(3, 'match'), '\uFEFF'), '--json');
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toMatchObject({ pairs: 3, skipped: 0 });
  });

  it('reads the records from standard input for the file -, as they come in chunks, and names it so', async () => {
    const text = await readFile(await madeUp([...many(3, 'match'), { result: 'mismatch' }]), 'utf8');
    const run = async (chunks: string[]) => {
      let stdout = '';
      let stderr = '';
      const stdin = Readable.from(chunks.map((chunk) => Buffer.from(chunk)));
      const code = await main(['compare', '-', '--json'], {
        stdout: { write: (out: string) => (stdout += out) },
        stderr: { write: (out: string) => (stderr += out) },
        stdin,
      });
      return { code, stdout, stderr };
    };
    const whole = await run([text]);
    expect(whole.code).toBe(1);
    expect(JSON.parse(whole.stdout)).toMatchObject({ pairs: 4, skipped: 0 });
    // Cut anywhere, a line mid-way included: the same records.
    const cut = await run([text.slice(0, 100), text.slice(100, 101), text.slice(101)]);
    expect(JSON.parse(cut.stdout)).toMatchObject({ pairs: 4, skipped: 0 });
    expect((await run([])).stderr).toContain('standard input holds no pair record');
  });

  it('reports more rows and chart points than a call has room for arguments', async () => {
    // As many mismatching fields and timeline points as 150,000 mappings give, without summarising them all.
    const base = summariseRecords([(await template()) as unknown as PairRecord]);
    const count = 150_000;
    const fields: ReportSummary['fields'] = Array.from({ length: count }, (_, index) => ({
      mapping: `m${index}`,
      module: 'kyc',
      field: 'outcome',
      count: 1,
      explainedBy: undefined,
      examples: [],
    }));
    expect(formatSummary({ ...base, fields })).toContain('  m149999  ');
    const timeline: ReportSummary['timeline'] = Array.from({ length: count }, (_, index) => ({
      mapping: `m${index % 6000}`,
      at: new Date(START + (index % 24) * 3_600_000).toISOString(),
      pairs: 1,
      consistency: index === count - 1 ? 0.5 : 1,
    }));
    expect(renderHtmlReport({ ...base, timeline })).toContain('50.0% of 1 pairs');
  });

  it('--json prints the report as one JSON object with the verdict, and --html - prints the page on stdout', async () => {
    const { code, stdout } = await cli('compare', report, '--json', '--fail-under', '90');
    expect(code).toBe(0);
    const json = JSON.parse(stdout) as { passed: boolean; failUnder: number; pairs: number; overall: { consistency: number } };
    expect(json).toMatchObject({ passed: true, failUnder: 90, pairs: 240 });
    expect(json.overall.consistency).toBeCloseTo(208 / 228, 5);
    const page = await cli('compare', report, '--html', '-');
    expect(page.code).toBe(1);
    expect(page.stdout).toMatch(/^<!doctype html>/i);
    expect(page.stdout).not.toContain('Pairs by result\n');
    expect(await readdir(process.cwd())).not.toContain('-');
    expect(await cli('compare', report, '--json', '--html', '-')).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('--json and --html - both print on stdout'),
    });
    expect((await cli('compare', report, '--learn', '--html', 'x.html')).code).toBe(2);
    expect((await cli('compare', report, '--fail-under', '')).code).toBe(2);
  });

  it('exits 2 for a missing file, a file without records or a bad option, and skips lines that are not records', async () => {
    const missing = await cli('compare', join(dir, 'nothing-here.jsonl'));
    expect([missing.code, missing.stderr]).toEqual([2, expect.stringContaining('ENOENT')]);
    const garbage = join(dir, 'garbage.jsonl');
    await writeFile(garbage, 'not json\n{"mapping":"m"}\n\n');
    expect(await cli('compare', garbage)).toMatchObject({ code: 2, stderr: expect.stringContaining('2 line(s)') });
    expect((await cli('compare', report, '--fail-under', 'most')).code).toBe(2);
    expect((await cli('compare')).code).toBe(2);
    const mixed = join(dir, 'mixed.jsonl');
    await writeFile(mixed, `${await readFile(report, 'utf8')}{"truncated":\n`);
    expect(await cli('compare', mixed, '--fail-under', '80')).toMatchObject({ code: 1, stderr: expect.stringContaining('1 line(s)') });
  });

  it('fails the gate, saying why, when a line is not read, and counts the skipped lines in every report', async () => {
    const [first = '', ...rest] = (await readFile(await writeReport(await tempDir(), { seeded: false }), 'utf8')).trim().split('\n');
    const file = join(await tempDir(), 'skipped.jsonl');
    await writeFile(file, `${[first, '{"mapping":"data-check","result":"mismatch"}', ...rest].join('\n')}\n`);
    const json = await cli('compare', file, '--json');
    expect(json.code).toBe(1);
    expect(JSON.parse(json.stdout)).toMatchObject({ passed: false, pairs: 240, skipped: 1, overall: { consistency: 1 } });
    expect(json.stderr).toContain(`the gate fails: 1 line(s) of ${file} could not be read as pair records`);
    expect(json.stderr).toContain('are not pair records and were skipped (line 2)');
    const note = '1 line(s) of the file could not be read as pair records and are counted nowhere in this report.';
    expect(await cli('compare', file)).toMatchObject({ code: 1, stdout: expect.stringContaining(note) });
    expect(await cli('compare', file, '--html', '-')).toMatchObject({ code: 1, stdout: expect.stringContaining(note) });
    // A last line without its newline is one being appended: a note, and the gate still passes on the rest.
    const appending = join(await tempDir(), 'appending.jsonl');
    await writeFile(appending, `${[first, ...rest].join('\n')}\n${rest[0]?.slice(0, 100)}`);
    const cut = await cli('compare', appending, '--json');
    expect(cut).toMatchObject({ code: 0, stderr: expect.stringContaining('the last line of') });
    expect(JSON.parse(cut.stdout)).toMatchObject({ passed: true, skipped: 0, pairs: 240 });
  });

  it('counts a pair lost to the store apart, as neither side’s error, in the text, JSON and HTML reports', async () => {
    const mapping = (await template()).mapping as string;
    // As the cutover records them, now and before: the shadow's (v2's) error by name, and no v2 latency.
    const failed = (error: string) => ({ result: 'error', errors: { v2: error }, latencyMs: { v1: 1200, v2: null } });
    const file = await madeUp([
      ...many(3, 'match'),
      failed('ShadowDataLostError'),
      failed('SealedSubjectError'),
      failed('InternalServerError'),
    ]);
    const text = (await cli('compare', file)).stdout;
    const table = text.slice(text.indexOf('Errors and latency')).split('\n');
    expect(table.slice(1, 3).map((line) => line.trim().split(/\s{2,}/))).toEqual([
      ['mapping', 'v1 errors', 'v2 errors', 'lost to the store', 'v1 p50 / p99', 'v2 p50 / p99'],
      [mapping, '0.0%', '16.7%', '2', '1200 / 1200', '1200 / 1200'],
    ]);
    const json = JSON.parse((await cli('compare', file, '--json')).stdout) as { overall: object };
    expect(json.overall).toMatchObject({ errorRate: { v1: 0, v2: 1 / 6 }, lostToStore: 2 });
    const page = (await cli('compare', file, '--html', '-')).stdout;
    expect(page).toContain(
      `<tr><th>mapping</th><th>v1 errors</th><th>v2 errors</th><th>lost to the store</th><th>v1 p50 / p99 ms</th><th>v2 p50 / p99 ms</th></tr>`,
    );
    expect(page).toContain(`<td>0.0%</td><td>16.7%</td><td>2</td><td>1200 / 1200</td>`);
  });

  it('says how many agreeing pairs had a rule the shadow could not check, in the text, JSON and HTML reports', async () => {
    const mapping = (await template()).mapping as string;
    // A mismatch's unchecked rule says nothing the mismatch does not: only agreeing pairs are counted.
    const file = await madeUp([
      ...many(2, 'match'),
      { result: 'match', unchecked: ['task-steps'] },
      { result: 'match', unchecked: ['added-after-save', 'task-steps'] },
      { result: 'mismatch', unchecked: ['task-steps'] },
    ]);
    const note = `${mapping}: agreeing pairs the shadow could not check for a rule (added-after-save 1, task-steps 2)`;
    expect((await cli('compare', file)).stdout).toContain(note);
    const json = JSON.parse((await cli('compare', file, '--json')).stdout) as { overall: object };
    expect(json.overall).toMatchObject({ consistency: 0.8, unchecked: { 'task-steps': 2, 'added-after-save': 1 } });
    expect((await cli('compare', file, '--html', '-')).stdout).toContain(`<p class="bad">${note}`);
    // None unchecked: no note.
    expect((await cli('compare', await madeUp(many(3, 'match')))).stdout).not.toContain('could not check');
  });

  it('skips, naming its line, a record the publisher could not have written, and prints nothing of it', async () => {
    const file = await madeUp([
      ...many(2, 'match'),
      { result: 'mismatch', differences: [{ module: 'subject', field: 'identity', v1: { ssn: '123-45-6789' } }] },
      { result: 'mismatch', differences: [{ module: 'subject', field: 'cards', v2: ['4111111111111111'] }] },
      { result: 'match', unchecked: ['ssn 123-45-6789'] },
      { result: 'match', stage: 'Jane Doe 123-45-6789' },
      { result: 'error', errors: { v2: 'Error: Jane Doe 123-45-6789' } },
      { result: 'mismatch', differences: [{ module: 'age-eu-v1', field: 'present', v1: true, explainedBy: 'Jane Doe' }] },
    ]);
    const json = await cli('compare', file, '--json');
    expect(json.code).toBe(1);
    expect(JSON.parse(json.stdout)).toMatchObject({ pairs: 2, skipped: 6 });
    expect(json.stderr).toContain('6 line(s) of');
    expect(json.stderr).toContain('were skipped (lines 3, 4, 5, 6, 7, 8)');
    for (const { stdout, stderr } of [json, await cli('compare', file), await cli('compare', file, '--html', '-')]) {
      expect(`${stdout}${stderr}`).not.toMatch(/123-45-6789|4111|Jane/);
    }
  });

  it('says why the gate fails when the pairs fall short of the bar, or none was compared', async () => {
    const short = await madeUp([...many(3, 'match'), { result: 'mismatch' }]);
    expect(await cli('compare', short)).toMatchObject({
      code: 1,
      stderr: 'journey-bridge: the gate fails: 3 of 4 compared pairs agree, under --fail-under 100%\n',
    });
    expect(await cli('compare', short, '--fail-under', '75')).toMatchObject({ code: 0, stderr: '' });
    expect(await cli('compare', await madeUp([...many(2, 'error'), ...many(1, 'timeout')]), '--json')).toMatchObject({
      code: 1,
      stderr: 'journey-bridge: the gate fails: no pair had an outcome on both sides to compare\n',
    });
  });

  it('rows a field apart per register entry that explains it, and apart where nothing does', async () => {
    const present = { module: 'age-eu-v1', field: 'present', v1: true };
    const file = await madeUp([
      { result: 'mismatch', differences: [{ ...present, explainedBy: 'response.variant-id' }] },
      ...Array.from({ length: 2 }, () => ({ result: 'mismatch', differences: [present] })),
      // A null the side had is another example than a value it did not have.
      { result: 'mismatch', differences: [{ ...present, v2: null }] },
    ]);
    const { fields } = JSON.parse((await cli('compare', file, '--json')).stdout) as { fields: object[] };
    // The side without the module had no value: left out of the example, never written as null.
    const examples = [{ v1: true, v1Instance: expect.any(String) }];
    expect(fields).toEqual([
      expect.objectContaining({
        module: 'age-eu-v1',
        field: 'present',
        count: 3,
        explainedBy: null,
        examples: [...examples, { v1: true, v2: null, v1Instance: expect.any(String) }],
      }),
      expect.objectContaining({ module: 'age-eu-v1', field: 'present', count: 1, explainedBy: 'response.variant-id', examples }),
    ]);
    expect((await cli('compare', file)).stdout).toMatch(
      /3\s+age-eu-v1\.present\s+nothing in the register[^\n]*\n[\s\S]*1\s+age-eu-v1\.present\s+response\.variant-id/,
    );
  });

  it('shortens a long mapping name in the chart’s legend between characters, never inside one', async () => {
    const mapping = `${'a'.repeat(26)}\u{1F600}tail`;
    const page = (await cli('compare', await madeUp([{ mapping, result: 'match' }]), '--html', '-')).stdout;
    expect(page).toContain(`<text x="18" y="11">${'a'.repeat(26)}\u{1F600}…</text>`);
  });

  it('reads a record with a stage it does not know, or a null latency, and counts it', async () => {
    const [first = '', ...rest] = (await readFile(await writeReport(await tempDir(), { seeded: false }), 'utf8')).trim().split('\n');
    const later = { ...(JSON.parse(first) as { latencyMs: object }), stage: 'canary', latencyMs: { v1: 5, v2: null } };
    const file = join(await tempDir(), 'later.jsonl');
    await writeFile(file, `${[JSON.stringify(later), ...rest].join('\n')}\n`);
    const { code, stdout } = await cli('compare', file, '--json');
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toMatchObject({ pairs: 240, skipped: 0, overall: { stages: { canary: 1, shadow: 179 } } });
    const text = (await cli('compare', file)).stdout;
    expect(text.slice(text.indexOf('Pairs per stage')).split('\n')[1]).toMatch(/\bv2\s+canary$/);
  });

  it('counts a stage named as an Object member (constructor, toString, __proto__) as any other', async () => {
    const [first = '', second = '', third = '', ...rest] = (await readFile(await writeReport(await tempDir(), { seeded: false }), 'utf8'))
      .trim()
      .split('\n');
    const staged = [first, second, third].map((line, index) =>
      JSON.stringify({ ...(JSON.parse(line) as object), stage: ['constructor', 'toString', '__proto__'][index] }),
    );
    const file = join(await tempDir(), 'members.jsonl');
    await writeFile(file, `${[...staged, ...rest].join('\n')}\n`);
    const { code, stdout } = await cli('compare', file, '--json');
    expect(code).toBe(0);
    const { stages } = (JSON.parse(stdout) as { overall: { stages: object } }).overall;
    expect(Object.entries(stages).sort()).toEqual([
      ['__proto__', 1],
      ['constructor', 1],
      ['live', 60],
      ['shadow', 177],
      ['toString', 1],
    ]);
    for (const report of [(await cli('compare', file)).stdout, (await cli('compare', file, '--html', '-')).stdout]) {
      expect(report).not.toContain('native code');
    }
    const text = (await cli('compare', file)).stdout;
    const table = text.slice(text.indexOf('Pairs per stage')).split('\n');
    expect(table[1]).toMatch(/\bv2\s+__proto__\s+constructor\s+toString$/);
    expect(table.find((line) => line.trim().startsWith('(all)'))).toMatch(/\s0\s+177\s+60\s+0\s+0\s+1\s+1\s+1$/);
  });

  it('skips a line longer than 1 MiB unread, and counts it, even one that would be a record', async () => {
    const [first = '', second = ''] = (await readFile(report, 'utf8')).split('\n');
    const padded = JSON.stringify({ ...(JSON.parse(second) as object), padding: 'x'.repeat(2 * 1024 * 1024) });
    const file = join(await tempDir(), 'long-line.jsonl');
    await writeFile(file, `${first}\n${padded}\n${'y'.repeat(3 * 1024 * 1024)}`);
    const { code, stdout, stderr } = await cli('compare', file, '--json');
    expect(code).toBe(1);
    expect(JSON.parse(stdout)).toMatchObject({ pairs: 1, skipped: 2 });
    expect(stderr).toContain('2 line(s) of');
    expect(stderr).toContain('(2 of them longer than 1 MiB, not read)');
  });

  it('prints the control characters a record carries as escapes, never to the terminal raw', async () => {
    const [first = ''] = (await readFile(report, 'utf8')).split('\n');
    const hostile = { ...(JSON.parse(first) as object), mapping: 'dc\u001b[2J\u001b]0;owned\u0007\u009b1m' };
    const file = join(await tempDir(), 'ansi.jsonl');
    await writeFile(file, `${JSON.stringify(hostile)}\n`);
    const { stdout } = await cli('compare', file);
    expect(stdout).toContain('dc\\u{1b}[2J\\u{1b}]0;owned\\u{7}\\u{9b}1m');
    expect(stdout).not.toMatch(RAW_CONTROL);
    const page = (await cli('compare', file, '--html', '-')).stdout;
    expect(page).toContain('dc\\u{1b}[2J\\u{1b}]0;owned\\u{7}\\u{9b}1m');
    expect(page).not.toMatch(RAW_CONTROL);
  });

  it('--learn prints the control characters of a mapping name as escapes in its evidence and errors', async () => {
    const name = 'dc\u001b[31m';
    const lines = (await readFile(cleanReport, 'utf8')).trim().split('\n');
    const file = join(await tempDir(), 'ansi-learn.jsonl');
    await writeFile(file, `${lines.map((line) => JSON.stringify({ ...(JSON.parse(line) as object), mapping: name })).join('\n')}\n`);
    const folder = await tempDir();
    const map = join(folder, 'journey-map.json');
    await writeFile(map, JSON.stringify({ 'a1d7c3f0data-check-v1': 'b2e8d4a1data-check-v2' }));
    const cutover = join(folder, 'cutover.json');
    const mapping = { name, v1: 'a1d7c3f0data-check-v1', v2: 'b2e8d4a1data-check-v2', stage: { kind: 'shadow', sample: 1 } };
    const cutoverFile = {
      v1Upstream: 'http://127.0.0.1:4010/eu/captain/api/',
      mappings: [{ ...mapping, dialect: { omitUntilDecided: true } }],
    };
    await writeFile(cutover, JSON.stringify(cutoverFile));
    const evidence = await cli('compare', file, '--learn');
    const unmapped = await cli('compare', file, '--learn', '--journey-map', map);
    const noted = await cli('compare', file, '--learn', '--journey-map', map, '--cutover', cutover);
    expect(evidence.stderr).toContain('dc\\u{1b}[31m: identity-check');
    expect(unmapped).toMatchObject({ code: 2, stderr: expect.stringContaining('mapping "dc\\u{1b}[31m" is not an entry') });
    // A cutover file cannot name a mapping so (the kill file names one per line): refused, naming the member.
    expect(noted).toMatchObject({ code: 2, stderr: expect.stringContaining('mappings.0.name: must hold no line break') });
    for (const { stderr } of [evidence, unmapped, noted]) expect(stderr).not.toMatch(RAW_CONTROL);
  });

  it('marks the total row by its place, not its name: a mapping named (all) is a mapping row', async () => {
    const lines = (await readFile(await writeReport(await tempDir(), { seeded: false }), 'utf8')).trim().split('\n');
    const named = lines.map((line, index) =>
      index % 2 === 0 ? JSON.stringify({ ...(JSON.parse(line) as object), mapping: '(all)' }) : line,
    );
    const file = join(await tempDir(), 'named-all.jsonl');
    await writeFile(file, `${named.join('\n')}\n`);
    const { stdout } = await cli('compare', file);
    const table = stdout.slice(stdout.indexOf('Pairs by result')).split('\n\n')[0]?.split('\n') ?? [];
    expect(table.map((line) => line.trim().split(/\s{2,}/)[0])).toEqual([
      'Pairs by result',
      'mapping',
      '(all)',
      expect.stringMatching(/data-check/),
      expect.stringMatching(/fraud-screen/),
      expect.stringMatching(/^-+$/),
      '(all)',
    ]);
    expect(table.at(-1)).toMatch(/^\s+\(all\)\s+240\s/);
    const page = (await cli('compare', file, '--html', '-')).stdout;
    // Three tables with a total row each; the mapping's rows are plain.
    expect(page.match(/<tr class="all">/g)).toHaveLength(3);
    expect(page.match(/<tr class="all"><td>\(all\)<\/td><td>240<\/td>/g)).toHaveLength(1);
    expect(page.match(/<tr><td>\(all\)<\/td><td>120<\/td>/g)).toHaveLength(1);
  });

  it.each(['0x10', '1e1', ' '])('refuses --fail-under %j: a percentage is written in decimals', async (given) => {
    expect(await cli('compare', report, '--fail-under', given)).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('--fail-under expects a percentage from 0 to 100'),
    });
  });

  it('--learn refuses a journey map with an entry serve would refuse, naming it', async () => {
    const map = join(await tempDir(), 'journey-map.json');
    await writeFile(map, JSON.stringify({ 'a1d7c3f0data-check-v1': 5 }));
    const { code, stdout, stderr } = await cli('compare', report, '--learn', '--journey-map', map);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toContain(`the journey map ${map}: journey map entry "a1d7c3f0data-check-v1"`);
  });

  it('--learn reads a journey map with a byte-order mark, as serve does, and says one that is not JSON is not, quoting nothing', async () => {
    const folder = await tempDir();
    const bom = join(folder, 'bom-map.json');
    await writeFile(bom, `\uFEFF${JSON.stringify({ 'a1d7c3f0data-check-v1': 'b2e8d4a1data-check-v2' })}`);
    const clean = await writeReport(await tempDir(), { seeded: false });
    expect((await cli('compare', clean, '--learn', '--journey-map', bom)).code).toBe(0);
    const broken = join(folder, 'broken-map.json');
    await writeFile(broken, '{"client_secret": "s3cr3t",');
    const { code, stderr } = await cli('compare', clean, '--learn', '--journey-map', broken);
    expect(code).toBe(2);
    expect(stderr).toContain(`${broken}: not valid JSON`);
    expect(stderr).not.toContain('s3cr3t');
  });

  it('--learn prints the flow keys learned from the outcomes, merged into the journey map, with the evidence', async () => {
    const map = join(dir, 'journey-map.json');
    await writeFile(map, JSON.stringify({ 'a1d7c3f0data-check-v1': 'b2e8d4a1data-check-v2', other: 'kept' }));
    const { code, stdout, stderr } = await cli('compare', cleanReport, '--learn', '--journey-map', map);
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toEqual({
      'a1d7c3f0data-check-v1': { v2: 'b2e8d4a1data-check-v2', dialect: { flowKeys: { 'identity-check': 'kyc-eu-v3' } } },
      other: 'kept',
    });
    expect(stderr).toContain(
      'a1d7c3f0data-check-v1: identity-check → kyc-eu-v3: agreed in 120 of 120 pairs (next best age-eu-v1: 60 of 120)',
    );
    // Every subject was an adult: the age check and its key agree on one outcome only, as any two quiet checks would.
    expect(stderr).toContain(
      'a1d7c3f0data-check-v1: age-check: not mapped, its best key age-eu-v1 agreed in 120 of 120 pairs that ran both (100%), but on 1 outcome(s) only',
    );
    // Every fraud screen matched on every module: its steps cannot be told apart, so nothing is guessed.
    expect(stderr).toMatch(/e5b1a7d4fraud-screen-v1: fraud-screening: not mapped, its best key fraud-us-v2 .* on 1 outcome\(s\) only/);
  });

  it('--learn counts a line whose outcomes are not normal outcomes as unreadable, and goes on with the rest', async () => {
    const [first = '', ...rest] = (await readFile(cleanReport, 'utf8')).trim().split('\n');
    const edited = { ...(JSON.parse(first) as object), outcomes: { v1: { status: 'completed' }, v2: 'by hand' } };
    const file = join(await tempDir(), 'edited.jsonl');
    await writeFile(file, `${[JSON.stringify(edited), ...rest].join('\n')}\n`);
    const { code, stdout, stderr } = await cli('compare', file, '--learn');
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toEqual({ 'a1d7c3f0data-check-v1': { dialect: { flowKeys: { 'identity-check': 'kyc-eu-v3' } } } });
    expect(stderr).toContain('1 line(s)');
  });

  it('--learn leaves a step unmapped when a changed rule makes it disagree with its v1 module', async () => {
    const { code, stderr } = await cli('compare', report, '--learn');
    // Nor the age check: every subject was an adult (see above).
    expect(code).toBe(1);
    expect(stderr).toContain('journey-bridge: nothing learned');
    expect(stderr).toContain(
      'identity-check: not mapped, no v1 key agrees often enough: best kyc-eu-v3 agreed in 100 of 120 pairs that ran both (83.3%); a key must agree in at least 95% of at least 3 pairs',
    );
  });

  it('--learn learns from records of runs before and after the flow keys were set, and exits 1 when nothing is learned', async () => {
    const before = await runs('none');
    const after = await runs('configured');
    const mixed = await cli('compare', await write([...before, ...after]), '--learn');
    expect(mixed.code).toBe(0);
    expect(JSON.parse(mixed.stdout)).toEqual({ 'data-check': { dialect: { flowKeys: configuredFlowKeys(dataCheck) } } });
    expect(mixed.stderr).toContain('data-check: kyc-eu-v3 → kyc-eu-v3 (already under its v1 flow key): agreed in');
    expect(mixed.stderr).not.toContain('not mapped');
    const confirmed = await cli('compare', await write(after), '--learn');
    expect([confirmed.code, JSON.parse(confirmed.stdout)]).toEqual([0, {}]);
    // Two pairs are fewer than the three a step and a key must agree in.
    const few = await cli('compare', await write(before.slice(0, 2)), '--learn');
    expect([few.code, JSON.parse(few.stdout)]).toEqual([1, {}]);
    expect(few.stderr).toContain('journey-bridge: nothing learned: no v2 step of any mapping agreed with a v1 flow key in enough pairs');
  });
});

describe('journey-bridge compare --learn of a mapping whose name is not its v1 id', () => {
  const V1 = 'a1d7c3f0data-check-v1';
  const V2 = 'b2e8d4a1data-check-v2';
  const mapping = { name: 'data-check', v1: V1, v2: V2, stage: { kind: 'shadow', sample: 1 } };
  /** A journey map of the data check and a cutover file with `mappings`, as the runbook has them. */
  async function files(...mappings: object[]) {
    const folder = await tempDir();
    const map = join(folder, 'journey-map.json');
    await writeFile(map, JSON.stringify({ [V1]: V2 }));
    const cutover = join(folder, 'cutover.json');
    await writeFile(cutover, JSON.stringify({ v1Upstream: 'http://127.0.0.1:4010/eu/captain/api/', mappings }));
    return { folder, map, cutover };
  }

  /** The flow keys `serve` answers `v1` with, given the learned map (`--learn`'s stdout) and the cutover file. */
  async function servedFlowKeys(folder: string, learnedMap: string, cutover: string, v1: string) {
    const learned = join(folder, 'journey-map.learned.json');
    await writeFile(learned, learnedMap);
    const config = await resolveConfig({ upstream: 'eu', journeyMap: learned, cutover }, {});
    return resolveJourneyMap(config.journeyMap as never, config.dialect).dialectOfV1(v1).flowKeys;
  }

  it('files the learned keys under the v1 id the cutover file gives the name, in a map serve answers with', async () => {
    const records = await write(await runs('none'));
    const { folder, map, cutover } = await files(mapping);
    const { code, stdout } = await cli('compare', records, '--learn', '--journey-map', map, '--cutover', cutover);
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toEqual({ [V1]: { v2: V2, dialect: { flowKeys: configuredFlowKeys(dataCheck) } } });
    // The runbook's next step: serve with the learned map and the cutover, and the keys are the ones answered with.
    expect(await servedFlowKeys(folder, stdout, cutover, V1)).toEqual(configuredFlowKeys(dataCheck));
    // Without the journey map: an entry of its own, with the v2 id the cutover file gives.
    const alone = await cli('compare', records, '--learn', '--cutover', cutover);
    expect(JSON.parse(alone.stdout)).toEqual({ [V1]: { v2: V2, dialect: { flowKeys: configuredFlowKeys(dataCheck) } } });
  });

  // A pinned v1 version maps to a pinned v2 one: serve refuses an exact id mapped to a v2 id without a version.
  it.each([
    ['@latest', V2],
    ['@3', `${V2}@3`],
  ])(
    'merges the keys into the bare entry the map has for the v1 id the cutover names with %s, in a map serve answers with',
    async (version, v2) => {
      const records = await write(await runs('none'));
      const { folder, map, cutover } = await files({ ...mapping, v1: `${V1}${version}`, v2 });
      const { code, stdout } = await cli('compare', records, '--learn', '--journey-map', map, '--cutover', cutover);
      expect(code).toBe(0);
      expect(JSON.parse(stdout)).toEqual({ [V1]: { v2: V2, dialect: { flowKeys: configuredFlowKeys(dataCheck) } } });
      expect(await servedFlowKeys(folder, stdout, cutover, `${V1}${version}`)).toEqual(configuredFlowKeys(dataCheck));
    },
  );

  it('reads a structured journey map as serve does, and prints it back in that form', async () => {
    const records = await write(await runs('none'));
    const { folder, cutover } = await files(mapping);
    const map = join(folder, 'structured.json');
    await writeFile(map, JSON.stringify({ journeys: { [V1]: V2 }, variantIds: {} }));
    const { code, stdout } = await cli('compare', records, '--learn', '--journey-map', map, '--cutover', cutover);
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toEqual({
      journeys: { [V1]: { v2: V2, dialect: { flowKeys: configuredFlowKeys(dataCheck) } } },
      variantIds: {},
    });
    expect(await servedFlowKeys(folder, stdout, cutover, V1)).toEqual(configuredFlowKeys(dataCheck));
  });

  it('without a journey map or a cutover file, says the entries have no v2, and keeps a mapping named __proto__', async () => {
    const lines = (await readFile(await write(await runs('none')), 'utf8')).trim().split('\n');
    const file = join(await tempDir(), 'proto.jsonl');
    await writeFile(file, `${lines.map((line) => JSON.stringify({ ...(JSON.parse(line) as object), mapping: '__proto__' })).join('\n')}\n`);
    const { code, stdout, stderr } = await cli('compare', file, '--learn');
    expect(code).toBe(0);
    expect(Object.entries(JSON.parse(stdout) as object)).toEqual([['__proto__', { dialect: { flowKeys: configuredFlowKeys(dataCheck) } }]]);
    expect(stderr).toContain('note: the entry of __proto__ has no v2 (give --journey-map or --cutover for it)');
  });

  it('exits 2 naming the mapping and the fix, printing nothing, when the name resolves to no entry', async () => {
    const records = await write(await runs('none'));
    const { map, cutover } = await files(mapping);
    const unresolved = await cli('compare', records, '--learn', '--journey-map', map);
    expect([unresolved.code, unresolved.stdout]).toEqual([2, '']);
    expect(unresolved.stderr).toContain(
      `journey-bridge: the records' mapping "data-check" is not an entry of the journey map ${map}: records name a mapping by its name in the cutover file; give --cutover with that file to find its v1 id`,
    );
    const other = await files({ ...mapping, name: 'identity' });
    const elsewhere = await cli('compare', records, '--learn', '--journey-map', map, '--cutover', other.cutover);
    expect([elsewhere.code, elsewhere.stdout]).toEqual([2, '']);
    expect(elsewhere.stderr).toContain(`the records' mapping "data-check" is not a mapping of the cutover file ${other.cutover}`);
    expect((await cli('compare', records, '--cutover', cutover)).stderr).toContain('--cutover goes with --learn');
  });

  it('leaves a mapping with a dialect of its own out of the map, saying where its keys go', async () => {
    const records = await write(await runs('none'));
    const { map, cutover } = await files({ ...mapping, dialect: { omitUntilDecided: true } });
    const { code, stdout, stderr } = await cli('compare', records, '--learn', '--journey-map', map, '--cutover', cutover);
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toEqual({ [V1]: V2 });
    const note = `note: data-check has a dialect of its own in ${cutover}, which serve uses over the journey map: add these to its flowKeys there: `;
    expect(stderr).toContain(note);
    expect(JSON.parse(stderr.slice(stderr.indexOf(note) + note.length).split('\n')[0] ?? '')).toEqual(configuredFlowKeys(dataCheck));
  });
});

if (!chromium && !process.env.CI)
  console.warn('chromium is not installed: the HTML report screenshot test is skipped (apt-get install chromium)');

describe('journey-bridge compare --html', () => {
  it('writes one self-contained page with the summary and a chart of consistency over time', async () => {
    const html = join(dir, 'report.html');
    expect((await cli('compare', report, '--html', html)).stderr).toContain(`wrote ${html}`);
    const page = await readFile(html, 'utf8');
    expect(page).toContain(`<title>${REPORT_TITLE}</title>`);
    expect(page).toMatch(/<svg [^>]*aria-label="Consistency over time per mapping"/);
    expect(page.match(/<polyline /g)).toHaveLength(2);
    expect(page).toContain('&quot;Partial Match&quot; → &quot;No Match&quot;');
    // Nothing fetched: no script, no stylesheet or image from elsewhere.
    expect(page).not.toMatch(/<script|<link|<img|src=|url\(/);
  });

  it.skipIf(!chromium && !process.env.CI)(
    'opens in headless Chromium, and the screenshot shows the page',
    async () => {
      if (!chromium) throw new Error('chromium is not installed, and CI must run this test: .ci/run installs it');
      const html = join(dir, 'screenshot.html');
      const png = join(dir, 'report.png');
      await cli('compare', report, '--html', html);
      const browser = await puppeteer.launch(chromiumLaunchOptions(join(dir, 'chromium-profile'), '--hide-scrollbars'));
      try {
        const page = await browser.newPage();
        await page.setViewport({ width: 1000, height: 1400 });
        await page.goto(pathToFileURL(html).href);
        const dom = await page.content();
        expect(dom).toContain(`<h1>${REPORT_TITLE}</h1>`);
        expect(dom).toContain('Most frequent mismatching fields');
        await page.screenshot({ path: png as `${string}.png` });
      } finally {
        await browser.close();
      }
      const image = await readFile(png);
      expect(image.subarray(1, 4).toString('latin1')).toBe('PNG');
      // IHDR: width and height, big-endian, right after the signature and the chunk header.
      expect([image.readUInt32BE(16), image.readUInt32BE(20)]).toEqual([1000, 1400]);
      // A blank page of that size compresses to a few kilobytes; text, tables and a chart do not.
      expect(image.length).toBeGreaterThan(40_000);
    },
    90_000,
  );
});
