import { createV1Adapter } from '@journey-bridge/adapter';
import { createJourneyClient, staticToken } from '@journey-bridge/client';
import { toV1State, V2State } from '@journey-bridge/contract';
import { bundledJourneysDir, createSimulator, loadJourneys } from '@journey-bridge/simulator';
import type { Benchmark } from './run.js';

const JOURNEYS = bundledJourneysDir;
const person = { identity: { firstName: 'Ada', lastNames: ['Lovelace'], dateOfBirth: '1990-12-10' } };

async function requestsPerOperation(): Promise<string[]> {
  const journeys = await loadJourneys(JOURNEYS);
  const sim = createSimulator({ journeys, clock: { manual: true } });
  const journeyMap = Object.fromEntries(journeys.map((journey) => [journey.resourceIds.v1.production, journey.resourceIds.v2.production]));
  const api = createV1Adapter({
    client: createJourneyClient({ baseUrl: 'http://sim.local/eu/v2/captain/', auth: staticToken(sim.issueToken()), fetch: sim.fetch }),
    journeyMap,
  });
  const rows: string[] = [];
  const measure = async (name: string, minimum: number, operation: () => Promise<unknown>) => {
    const before = sim.core.journal.count();
    await operation();
    const used = sim.core.journal.count() - before;
    rows.push(`| ${name} | ${used} | ${minimum} | ${(used / minimum).toFixed(2)} |`);
  };
  let instanceId = '';
  await measure('startJourney (async)', 1, async () => {
    ({ instanceId } = await api.startJourney({
      resourceId: 'a1d7c3f0data-check-v1@latest',
      context: { config: { async: true }, subject: {} },
    }));
  });
  await measure('listTasks', 1, () => api.listTasks({ instanceId }));
  await measure('listTasksWithSchema', 1, () => api.listTasksWithSchema({ instanceId }));
  const taskId = (await api.listTasks({ instanceId })).tasks[0]?.taskId ?? '';
  await measure('getTaskSchema', 1, () => api.getTaskSchema({ taskId }));
  await measure('updateTask Validate (interaction read)', 1, () =>
    api.updateTask({ intent: 'Validate', instanceId, taskId, context: { subject: person } }),
  );
  await measure('updateTask Complete (interaction read + submit)', 2, () =>
    api.updateTask({ intent: 'Complete', instanceId, taskId, context: { subject: person } }),
  );
  await measure('fetchState', 1, () => api.fetchState({ instanceId }));
  await measure('startJourney (sync, needs input: start + interaction + state)', 3, () =>
    api.startJourney({ resourceId: 'a1d7c3f0data-check-v1@latest', context: { subject: {} } }),
  );
  return ['| v1 operation | v2 requests | minimum | ratio |', '|---|---|---|---|', ...rows];
}

function stateWith(subject: object) {
  const step = (nodeId: string) => ({
    nodeId,
    outcome: 'Match',
    outcomeClassification: 'positive',
    advice: { contains: { nameDob: 1, sources: 2 } },
    result: { status: 'complete', outcome: 'Match' },
    process: { step: { startedAt: '2026-01-01T10:00:00.000Z', endedAt: '2026-01-01T10:00:02.000Z', moduleName: nodeId } },
  });
  return V2State.parse({
    instanceId: 'a'.repeat(32),
    status: 'Completed',
    context: {
      process: {
        journey: { name: 'J', startedAt: '2026-01-01T10:00:00.000Z', id: 'j', version: 1 },
        steps: ['doc', 'face', 'kyc'].map(step),
      },
      subject,
      result: { status: 'complete', advice: { decision: 'Accept' } },
    },
  });
}

/** Mean microseconds per call of `map(state)` over `iterations`, after a warm-up. */
function timePerCall(state: V2State, iterations: number): number {
  for (let i = 0; i < 1000; i += 1) toV1State(state);
  const started = process.cpuUsage();
  for (let i = 0; i < iterations; i += 1) toV1State(state);
  const { user, system } = process.cpuUsage(started);
  return (user + system) / iterations;
}

function mappingCost(): string[] {
  const image = Buffer.alloc(1_250_000, 7).toString('base64'); // 1.67 MB of base64 each
  const heavy = stateWith({
    ...person,
    documents: [{ type: 'Primary', side1Image: image, side2Image: image }],
    biometrics: [{ selfieImage: image }],
  });
  const light = stateWith(person);
  const size = JSON.stringify(heavy).length;
  const iterations = 20_000;
  // Alternate the two for five rounds and keep each one's median, so warm-up favours neither.
  const rounds = Array.from({ length: 5 }, () => [timePerCall(light, iterations), timePerCall(heavy, iterations)] as const);
  const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
  const baseline = median(rounds.map(([value]) => value));
  const measured = median(rounds.map(([, value]) => value));
  const mapped = toV1State(heavy);
  const shared = Object.values(mapped.data.process?.flow ?? {}).every((entry) => entry.subject === heavy.context?.subject);
  return [
    `state size: ${(size / 1e6).toFixed(2)} MB; median of 5 alternating rounds of ${iterations} mappings`,
    `| state | CPU per mapping |`,
    '|---|---|',
    `| without images (baseline) | ${baseline.toFixed(2)} µs |`,
    `| 5 MB with base64 images | ${measured.toFixed(2)} µs (${(measured / 1000).toFixed(4)} ms; target < 1 ms) |`,
    `ratio to baseline: ${(measured / baseline).toFixed(2)}×; images shared, not copied: ${shared ? 'yes' : 'NO'}`,
  ];
}

const benchmark: Benchmark = {
  title: 'v2 requests per v1 operation; CPU to map a 5 MB state into the v1 shape',
  async run() {
    return [...(await requestsPerOperation()), '', ...mappingCost()];
  },
};
export default benchmark;
