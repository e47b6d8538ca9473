import { createV1Adapter, type SaveStore } from '@journey-bridge/adapter';
import { createJourneyClient, createV1Client, staticToken, type V1Api } from '@journey-bridge/client';
import type { Subject } from '@journey-bridge/contract';
import {
  bundledJourneysDir,
  createSimulator,
  type JourneyDefinition,
  loadJourneys,
  type Simulator,
  type SimulatorOptions,
} from '@journey-bridge/simulator';
import { type ContextualV1Api, contextualV1Client } from '../src/index.js';

export const journeys: readonly JourneyDefinition[] = await loadJourneys(bundledJourneysDir);

const dataCheck = journeys.find((journey) => journey.id === 'data-check') as JourneyDefinition;
/** The data check's v1 production resourceId: the journey under cutover in these tests. */
export const DATA_CHECK_V1 = dataCheck.resourceIds.v1.production;

/**
 * The data check republished with one rule changed: its identity check finds no match for `Lovelace`. Mapping the
 * v1 data check to it seeds a real difference in the identity check's outcome and the decision.
 */
export const stricterDataCheck: JourneyDefinition = {
  ...dataCheck,
  id: 'data-check-stricter',
  resourceIds: {
    v1: { production: 'a1d7c3f0data-check-stricter-v1', preview: 'a1d7c3f0data-check-stricter-v1-preview' },
    v2: { production: 'b2e8d4a1data-check-stricter-v2', preview: 'b2e8d4a1data-check-stricter-v2-preview' },
  },
  segments: dataCheck.segments.map((segment) => ({
    ...segment,
    modules: segment.modules.map((module) =>
      module.id === 'identity-check'
        ? {
            ...module,
            rules: [
              {
                when: [{ path: 'identity.lastNames.0', equals: 'Lovelace' }],
                outcome: 'No Match',
                classification: 'negative',
                error: false,
              },
              ...module.rules,
            ],
          }
        : module,
    ),
  })),
};

/** The data check republished as `id`, collecting in `segments` (its one segment, `personal`, split or changed). */
export const republished = (id: string, segments: JourneyDefinition['segments']): JourneyDefinition => ({
  ...dataCheck,
  id,
  resourceIds: { v1: { production: `${id}-v1`, preview: `${id}-v1-preview` }, v2: { production: `${id}-v2`, preview: `${id}-v2-preview` } },
  segments,
});
export const [personal] = dataCheck.segments as [JourneyDefinition['segments'][number]];

/** The data check published to collect the name and the date of birth in two tasks instead of one. */
export const splitDataCheck = republished('data-check-split', [
  { ...personal, id: 'name', variantId: 'collect-name', collects: [{ element: 'FullName', spec: 'required' }], modules: [] },
  { ...personal, id: 'birth', variantId: 'collect-birth', collects: [{ element: 'DateOfBirth', spec: 'required' }] },
]);

/** v1 resourceIds → v2 ones, the data check's also to its stricter republication under `strict`. */
export function journeyMapOf(strict = false): Record<string, string> {
  const map: Record<string, string> = Object.fromEntries(
    journeys.flatMap(({ resourceIds: { v1, v2 } }) => [
      [v1.production, v2.production],
      [v1.preview, v2.preview],
    ]),
  );
  if (strict) map[DATA_CHECK_V1] = stricterDataCheck.resourceIds.v2.production;
  return map;
}

/** v2 step nodeIds → v1 variantIds, so both sides key modules alike. */
export const variantIds: Record<string, string> = Object.fromEntries(
  journeys.flatMap((journey) => journey.segments.flatMap((segment) => segment.modules.map((module) => [module.id, module.variantId]))),
);

export const person = { identity: { firstName: 'Ada', lastNames: ['Lovelace'], dateOfBirth: '1990-12-10' } };

/** A simulator serving both surfaces (the stricter republication too), fast enough that modules take milliseconds. */
export function createPlatform(options: Partial<SimulatorOptions> = {}): Simulator {
  return createSimulator({ journeys: [...journeys, stricterDataCheck, splitDataCheck], clock: { scale: 200 }, ...options });
}

/** The v1 client on a simulator's v1 surface, as the v1 side of a cutover. */
export function v1Side(sim: Simulator, token = sim.issueToken()): ContextualV1Api {
  return contextualV1Client(
    createV1Client({ baseUrl: 'http://sim.test/eu/captain/api/', auth: staticToken(token), fetch: sim.fetch, retry: { limit: 0 } }),
  );
}

/** Options of `v2Side`. */
interface V2SideOptions {
  strict?: boolean;
  token?: string;
  map?: Record<string, string>;
  /** Where the adapter keeps what Saves left: a shared one makes it one replica of several. @default its own memory */
  saveStore?: SaveStore;
}

/** The adapter over a simulator's v2 surface, as the v2 side of a cutover, or a replica of the drop-in. */
export function v2Side(
  sim: Simulator,
  { strict = false, token = sim.issueToken(), map = {}, saveStore }: V2SideOptions = {},
): ContextualV1Api {
  return createV1Adapter({
    client: createJourneyClient({
      baseUrl: 'http://sim.test/eu/v2/captain/',
      auth: staticToken(token),
      fetch: sim.fetch,
      retry: { limit: 0 },
    }),
    // The two-task v1 publication is replaced by the one-interaction data check.
    journeyMap: { ...journeyMapOf(strict), [splitDataCheck.resourceIds.v1.production]: 'b2e8d4a1data-check-v2', ...map },
    dialect: { flowKeys: variantIds },
    syncStartIntervalMs: 1,
    ...(saveStore && { saveStore }),
  });
}

/**
 * A legacy v1 app's whole journey: an asynchronous start, the task list and a submit of the next of `steps` while
 * tasks are open (one step, `subject`, unless given), then state polls until the
 * journey ends (`advance` moves the platform's clock between polls), giving the event loop a turn between calls
 * as a network would. Answers every answer it got, in order.
 */
/** One turn of the event loop: what a call over a network gives the rest of the process, in-process too. */
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

export async function legacyJourney(
  api: V1Api,
  {
    subject = person,
    steps = [subject],
    uid,
    prefill = uid === undefined ? {} : { uid },
    resourceId = DATA_CHECK_V1,
    advance = async () => {},
  }: {
    subject?: Subject;
    steps?: Subject[];
    uid?: string;
    /** The start's `context.subject`: `{ uid }`, or nothing. */
    prefill?: object;
    resourceId?: string;
    advance?: () => Promise<void>;
  } = {},
): Promise<unknown[]> {
  const answers: unknown[] = [];
  const started = await api.startJourney({
    resourceId: `${resourceId}@latest`,
    context: { config: { async: true }, subject: prefill as Subject },
  });
  answers.push(started);
  await turn();
  const { instanceId } = started;
  for (const step of steps) {
    let taskId: string | undefined;
    for (let polls = 0; taskId === undefined; polls += 1) {
      if (polls > 200) throw new Error('no task came');
      const tasks = await api.listTasks({ instanceId });
      answers.push(tasks);
      await turn();
      taskId = tasks.tasks[0]?.taskId;
      if (taskId === undefined) await advance();
    }
    answers.push(await api.updateTask({ intent: 'Complete', instanceId, taskId, context: { subject: step } }));
  }
  for (let polls = 0; polls < 200; polls += 1) {
    await turn();
    const state = await api.fetchState({ instanceId });
    answers.push(state);
    if (state.status !== 'InProgress') return answers;
    await advance();
  }
  throw new Error('the journey did not end');
}
