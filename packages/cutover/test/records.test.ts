import { mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Subject } from '@journey-bridge/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { comparePair, createRecordPublisher, normalise, type PairRecord, RecordPublisherError, readPairRecords } from '../src/index.js';
import { bundled, pairedPlatform, republished, subjectsFor } from './paired-runs.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cutover-records-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** Every string a subject carries, at any depth: names, dates, address lines, identity numbers, base64 images. */
const leaves = (value: unknown): string[] =>
  typeof value === 'string' ? [value] : value && typeof value === 'object' ? Object.values(value).flatMap(leaves) : [];

/** Subjects of every outcome of the bundled journeys and of a republication that differs, as pair records. */
async function recordsOfRealPairs() {
  const changed = await republished('data-check', { 'identity-check': { v2Rules: [] }, 'age-check': { sides: ['v1'] } });
  const journeys = [...bundled.filter((journey) => journey.id !== 'data-check'), changed];
  const { sim, run } = pairedPlatform({ journeys });
  const batch = journeys.flatMap((journey) =>
    subjectsFor(journey, sim.core.clock.now()).map((subject) => ({
      journey,
      subject: { ...subject, identity: { ...subject.identity, firstName: 'Zebedee', middleNames: ['Quentin'] } } as Subject,
    })),
  );
  const runs = await run(batch);
  const records: PairRecord[] = runs.map(({ journey, v1, v2 }) => {
    const outcomes = { v1: normalise(v1, journey.v1Dialect), v2: normalise(v2, journey.v1Dialect) };
    return {
      mapping: journey.resourceIds.v1.production,
      stage: 'shadow',
      primary: 'v1',
      v1Instance: v1.instanceId,
      v2Instance: v2.instanceId,
      ...comparePair(outcomes.v1, outcomes.v2),
      latencyMs: { v1: 1200, v2: 1350 },
      at: new Date(sim.core.clock.now()).toISOString(),
      outcomes,
    };
  });
  return { records, subjects: batch.map(({ subject }) => subject), runs, token: sim.issueToken() };
}

describe('pair records as JSON lines', () => {
  it('writes one line per pair with no subject value, image, identity number, token or instance id in the file', async () => {
    const { records, subjects, runs, token } = await recordsOfRealPairs();
    const file = join(dir, 'pairs.jsonl');
    const publisher = createRecordPublisher({ file, salt: 'salt-of-this-test' });
    for (const record of records) publisher.publish({ ...record, subject: subjects[0], token } as PairRecord);
    await publisher.close();

    const text = await readFile(file, 'utf8');
    const lines = text
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as PairRecord);
    expect(lines).toHaveLength(records.length);
    expect(lines.map((line) => line.result)).toContain('mismatch');
    expect(lines.some((line) => line.differences.length > 0 && line.outcomes !== undefined)).toBe(true);
    const secrets = new Set([
      ...subjects.flatMap(leaves).filter((leaf) => leaf.length >= 5),
      ...subjects
        .flatMap(leaves)
        .map((leaf) => Buffer.from(leaf, 'base64').toString('latin1'))
        .filter((text) => text.startsWith('image')),
      'Zebedee',
      'Quentin',
      token,
      ...runs.flatMap(({ v1, v2 }) => [v1.instanceId, v2.instanceId]),
    ]);
    expect(secrets.size).toBeGreaterThan(20);
    expect([...secrets].filter((secret) => text.includes(secret))).toEqual([]);
    expect(lines[0]?.v1Instance).toMatch(/^[0-9a-f]{32}$/);
    expect(Object.keys(lines[0] ?? {})).not.toContain('subject');
  });

  it('hashes an instance id alike under one salt, so replicas given the same salt correlate their records', async () => {
    const record = (await recordsOfRealPairs()).records[0] as PairRecord;
    const seen: PairRecord[] = [];
    const write = (published: PairRecord) => seen.push(published);
    for (const salt of ['replicas-share-this', 'replicas-share-this', 'another-salt'])
      createRecordPublisher({ write, salt }).publish(record);
    createRecordPublisher({ write, hashInstanceIds: false }).publish(record);
    const ids = seen.map((published) => published.v1Instance);
    expect(ids[0]).toBe(ids[1]);
    expect(ids[2]).not.toBe(ids[0]);
    expect(ids[3]).toBe(record.v1Instance);
    expect(seen[0]?.v2Instance).not.toBe(ids[0]);
  });

  it('publishes the rules a pair could not check by name only, and none when every rule was checked', async () => {
    const record = (await recordsOfRealPairs()).records[0] as PairRecord;
    const seen: PairRecord[] = [];
    const publisher = createRecordPublisher({ write: (published) => seen.push(published) });
    await publisher.publish({ ...record, unchecked: ['task-steps', 'Ada Lovelace, 1990-12-10'] });
    await publisher.publish(record);
    expect(seen[0]?.unchecked).toEqual(['task-steps', 'rule']);
    expect(seen[1]).not.toHaveProperty('unchecked');
  });

  it('never throws from publish when the file cannot be written: each lost record is refused, onError hears path and code once', async () => {
    const heard: RecordPublisherError[] = [];
    const record = (await recordsOfRealPairs()).records[0] as PairRecord;
    const file = join(dir, 'missing', 'pairs.jsonl');
    const publisher = createRecordPublisher({ file, onError: (error) => heard.push(error) });
    const outcomes = await Promise.allSettled([publisher.publish(record), publisher.publish(record)]);
    await expect(publisher.publish(record)).rejects.toThrow(RecordPublisherError);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['rejected', 'rejected']);
    // Heard once, with what to fix: a stop after it is clean.
    await publisher.close();
    expect(heard).toHaveLength(1);
    expect(heard[0]).toMatchObject({ path: file, code: 'ENOENT' });
  });

  it('keeps the line in the file when the write function throws, and rejects with that throw', async () => {
    const record = (await recordsOfRealPairs()).records[0] as PairRecord;
    const file = join(dir, 'beside-a-throwing-write.jsonl');
    const thrown = new RangeError('the app’s sink');
    const publisher = createRecordPublisher({
      file,
      write: () => {
        throw thrown;
      },
    });
    await expect(publisher.publish(record)).rejects.toBe(thrown);
    await publisher.close();
    expect(
      (await readFile(file, 'utf8'))
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line).result),
    ).toEqual([record.result]);
  });

  it('without onError, close rejects with what stopped the file', async () => {
    const record = (await recordsOfRealPairs()).records[0] as PairRecord;
    const publisher = createRecordPublisher({ file: join(dir, 'missing', 'pairs.jsonl') });
    await publisher.publish(record).catch(() => {});
    await expect(publisher.close()).rejects.toThrow(RecordPublisherError);
  });

  it('follows the path when the file is renamed or removed, as log rotation does, losing and splitting no line', async () => {
    const record = (await recordsOfRealPairs()).records[0] as PairRecord;
    const file = join(dir, 'rotated.jsonl');
    const publisher = createRecordPublisher({ file, hashInstanceIds: false });
    const publish = (from: number, count: number) => {
      for (let index = from; index < from + count; index += 1) publisher.publish({ ...record, v1Instance: `pair-${index}` });
    };
    const linesOf = async (path: string) =>
      (await readFile(path, 'utf8').catch(() => ''))
        .split('\n')
        .filter((line) => line !== '')
        .map((line) => (JSON.parse(line) as PairRecord).v1Instance);
    const rotated = join(dir, 'rotated-1.jsonl');
    const both = async () => [...(await linesOf(rotated)), ...(await linesOf(file))];
    const names = (from: number, to: number) => Array.from({ length: to - from }, (_, index) => `pair-${from + index}`);
    publish(0, 300);
    // Renamed while the first lines are written: each line lands whole in one file or the other, in order.
    await vi.waitFor(async () => expect((await linesOf(file)).length).toBeGreaterThan(0), { interval: 1 });
    await rename(file, rotated);
    publish(300, 300);
    await vi.waitFor(async () => expect(await both()).toEqual(names(0, 600)), { interval: 1 });
    expect(await linesOf(file)).toContain('pair-599');
    // Removed: the next record starts a new file at the path.
    await rm(file);
    publish(600, 1);
    await publisher.close();
    expect(await linesOf(file)).toEqual(['pair-600']);
  });

  it('after a writer that stopped mid-line, starts its first line on a line of its own: the record cut off is all that is lost', async () => {
    const record = (await recordsOfRealPairs()).records[0] as PairRecord;
    const file = join(dir, 'crashed.jsonl');
    const whole = JSON.stringify({ ...record, v1Instance: 'before' });
    await writeFile(file, `${whole}\n${whole.slice(0, 40)}`);
    const publisher = createRecordPublisher({ file, hashInstanceIds: false });
    publisher.publish({ ...record, v1Instance: 'after' });
    await publisher.close();

    const lines = (await readFile(file, 'utf8')).split('\n');
    expect(lines).toEqual([whole, whole.slice(0, 40), expect.any(String), '']);
    expect((JSON.parse(lines[2] as string) as PairRecord).v1Instance).toBe('after');
  });

  it('reads them back with their outcomes, or without them for a report that does not need them', async () => {
    const { records } = await recordsOfRealPairs();
    const file = join(dir, 'with-outcomes.jsonl');
    const publisher = createRecordPublisher({ file, hashInstanceIds: false });
    for (const record of records) publisher.publish(record);
    await publisher.close();
    const kept = await readPairRecords(file);
    const dropped = await readPairRecords(file, { outcomes: false });
    expect(kept.records.map(({ outcomes }) => outcomes)).toEqual(records.map(({ outcomes }) => outcomes));
    expect(dropped.records).toEqual(kept.records.map(({ outcomes: _, ...rest }) => rest));
    expect(dropped.unreadable).toBe(0);
  });

  it('refuses a publisher with nowhere to publish', () => {
    expect(() => createRecordPublisher({})).toThrow(RecordPublisherError);
  });
});
