import { setMaxListeners } from 'node:events';
import { type Delivery, type JourneyStatus, mergeSubject, type Region, type Subject } from '@journey-bridge/contract';
import { later, type SimClock } from './clock.js';
import { documentComplete, hasSide1, initialSide2Need, type Side2Need } from './document-sides.js';
import { SimulatorError } from './errors/simulator-error.js';
import { type JourneyDefinition, type ModuleDefinition, modulesOn, type SegmentDefinition, sourceOf } from './journey-definition.js';
import { ageAt, holds, type ModuleOutcome, runModule } from './modules.js';
import type { SeededRandom } from './random.js';
import { SimError } from './sim-error.js';

export type ApiVersion = 'v1' | 'v2';
export type Environment = 'production' | 'preview';
export type Decision = 'Accept' | 'Reject' | 'Manual review';

export interface StepRecord {
  readonly segmentId: string;
  readonly module: ModuleDefinition;
  readonly startedAt: number;
  readonly endedAt: number;
  readonly result: ModuleOutcome;
}

/** One execution of a journey, as the engine keeps it. Views render it for either API version. */
export interface Instance {
  readonly id: string;
  readonly journey: JourneyDefinition;
  readonly version: ApiVersion;
  readonly environment: Environment;
  readonly delivery: Delivery;
  readonly createdAt: number;
  status: JourneyStatus;
  completedAt: number | undefined;
  subject: Subject;
  /** Index of the current segment; `segments.length` once every segment is done. */
  segmentIndex: number;
  /** Set while the current segment's modules run: they finish, in parallel, at `processingUntil`. */
  processingSince: number | undefined;
  processingUntil: number | undefined;
  pausedAt: number | undefined;
  steps: StepRecord[];
  decision: Decision | undefined;
  /** An operator's decision recorded after the evaluation (interaction rule 9). */
  customDecision: string | undefined;
  /** v1 only: the task id of each segment reached so far. */
  taskIds: string[];
  /** v1 only: data kept by `intent: Save` until the task is completed. */
  draft: Subject;
  /** Whether the primary document's back is needed; a lazy journey decides it after the front arrives. */
  side2: Side2Need;
  /** When the document's front arrived, which starts a lazy classification. */
  side1At: number | undefined;
}

export type InstancePhase = 'collecting' | 'processing' | 'ended';

export function phaseOf(instance: Instance): InstancePhase {
  if (instance.status === 'Completed' || instance.status === 'Failed' || instance.status === 'Error') return 'ended';
  return instance.processingUntil === undefined ? 'collecting' : 'processing';
}

export function currentSegment(instance: Instance): SegmentDefinition | undefined {
  return phaseOf(instance) === 'ended' ? undefined : instance.journey.segments[instance.segmentIndex];
}

/** Whether the instance holds a valid `id`; the primary document also needs its back once that is required. */
export const isProvided = (instance: Instance, id: string): boolean =>
  instance.journey.catalogue.isValid(instance.subject, id) &&
  (id !== 'PrimaryDocument' || documentComplete(instance.subject, instance.side2));

/**
 * Two journeys published under one resource id and version, for one API version in one region: which one
 * `<resourceId>@<version>` starts would depend on load order.
 */
export class DuplicateJourneyError extends SimulatorError {
  override name = 'DuplicateJourneyError';
}

/**
 * Throws a DuplicateJourneyError for two journeys `findByResourceId` cannot tell apart: it filters by region and
 * version and matches either environment's id, so those (not the journey `id`) are what must be unique.
 */
function refuseDuplicates(journeys: readonly JourneyDefinition[]): void {
  const seen = new Map<string, number>();
  const named = (index: number): string => {
    const source = sourceOf(journeys[index] as JourneyDefinition);
    return source === undefined ? `journeys[${index}]` : `journeys[${index}] (${source})`;
  };
  journeys.forEach((journey, index) => {
    for (const version of ['v1', 'v2'] as const) {
      const { production, preview } = journey.resourceIds[version];
      // A journey whose two environments share an id is not ambiguous: `findByResourceId` takes production.
      for (const id of new Set([production, preview])) {
        const key = `${version} ${id}@${journey.version} in ${journey.region}`;
        const first = seen.get(key);
        if (first !== undefined) {
          throw new DuplicateJourneyError(
            `${named(first)} and ${named(index)} both publish ${key} (${JSON.stringify(journeys[first]?.name)}, ${JSON.stringify(journey.name)}): a version is published once`,
          );
        }
        seen.set(key, index);
      }
    }
  });
}

export interface JourneyMatch {
  journey: JourneyDefinition;
  environment: Environment;
}

export interface StartOptions extends JourneyMatch {
  version: ApiVersion;
  delivery: Delivery;
  subject: Subject;
}

/** A controller whose signal every waiting synchronous start listens to: as many at once as the load test sends. */
function resetSignal(): AbortController {
  const controller = new AbortController();
  setMaxListeners(0, controller.signal);
  return controller;
}

/**
 * The journey state machine shared by both API versions. Time is read from the simulator clock and state is
 * settled lazily on every read, so module latency costs tests nothing but a clock advance.
 */
export class JourneyEngine {
  readonly #journeys: readonly JourneyDefinition[];
  readonly #clock: SimClock;
  readonly #random: SeededRandom;
  readonly #instances = new Map<string, Instance>();
  readonly #tasks = new Map<string, { instance: Instance; segmentIndex: number }>();
  /** Deleted instances, by id: what a later call naming one is told. */
  readonly #deleted = new Map<string, { version: ApiVersion; region: Region }>();
  /** Fired by each reset, ending the waits of synchronous starts it forgets. */
  #resets = resetSignal();

  constructor(journeys: readonly JourneyDefinition[], clock: SimClock, random: SeededRandom) {
    refuseDuplicates(journeys);
    this.#journeys = journeys;
    this.#clock = clock;
    this.#random = random;
  }

  get journeys(): readonly JourneyDefinition[] {
    return this.#journeys;
  }

  /**
   * The journey published as `resourceId` for one API version and region: `<id>@<version>`, or `<id>@latest`, the
   * highest version published under that id, whatever order the journeys were loaded in.
   */
  findByResourceId(version: ApiVersion, region: Region, resourceId: string): JourneyMatch | undefined {
    const [id, published] = resourceId.split('@');
    let found: JourneyMatch | undefined;
    for (const journey of this.#journeys) {
      if (journey.region !== region) continue;
      if (published !== 'latest' && published !== String(journey.version)) continue;
      if (found && found.journey.version >= journey.version) continue;
      const ids = journey.resourceIds[version];
      if (ids.production === id) found = { journey, environment: 'production' };
      else if (ids.preview === id) found = { journey, environment: 'preview' };
    }
    return found;
  }

  /**
   * The journeys delivered as `deliveryId` in a region, at the highest version delivered under it (as `@latest`
   * starts, whatever the load order): more than one is a start the simulator cannot choose.
   */
  deliveredAs(region: Region, deliveryId: string): JourneyDefinition[] {
    const delivered = this.#journeys.filter((journey) => journey.region === region && journey.deliveryId === deliveryId);
    const highest = Math.max(...delivered.map((journey) => journey.version));
    return delivered.filter((journey) => journey.version === highest);
  }

  start({ journey, environment, version, delivery, subject }: StartOptions): Instance {
    const now = this.#clock.now();
    const instance: Instance = {
      id: this.#random.hex(32),
      journey,
      version,
      environment,
      delivery,
      createdAt: now,
      status: 'InProgress',
      completedAt: undefined,
      subject,
      segmentIndex: 0,
      processingSince: undefined,
      processingUntil: undefined,
      pausedAt: undefined,
      steps: [],
      decision: undefined,
      customDecision: undefined,
      taskIds: [],
      draft: {},
      side2: initialSide2Need(journey.documentSide2),
      side1At: undefined,
    };
    this.#instances.set(instance.id, instance);
    this.#advance(instance, now);
    return instance;
  }

  /** The instance, settled to the current virtual time. */
  get(id: string): Instance | undefined {
    const instance = this.#instances.get(id);
    if (instance) this.#settle(instance);
    return instance;
  }

  /** The instance and segment a v1 task id was issued for. */
  task(taskId: string): { instance: Instance; segmentIndex: number } | undefined {
    const entry = this.#tasks.get(taskId);
    if (entry) this.#settle(entry.instance);
    return entry;
  }

  /** Stores element data taken by a submit and lets the journey advance. */
  accept(instance: Instance, subject: Subject): void {
    instance.subject = mergeSubject(instance.subject, subject);
    this.#advance(instance, this.#clock.now());
  }

  /**
   * Resolves once the instance waits for input, has ended, or is paused: how a synchronous v1 start waits. Rejects
   * with 404 if a reset forgets the instance meanwhile: a start of a test that ended must not answer in the next.
   */
  async settled(instance: Instance): Promise<void> {
    const { signal } = this.#resets;
    for (;;) {
      this.#settle(instance);
      if (instance.status !== 'InProgress' || instance.processingUntil === undefined) return;
      await this.#clock.sleepUntil(instance.processingUntil, signal);
    }
  }

  pause(instance: Instance): void {
    if (instance.status !== 'InProgress') return;
    instance.status = 'Paused';
    instance.pausedAt = this.#clock.now();
  }

  resume(instance: Instance): void {
    if (instance.status !== 'Paused' || instance.pausedAt === undefined) return;
    const paused = this.#clock.now() - instance.pausedAt;
    instance.status = 'InProgress';
    instance.pausedAt = undefined;
    if (instance.processingUntil !== undefined && instance.processingSince !== undefined) {
      instance.processingSince = later(instance.processingSince, paused);
      instance.processingUntil = later(instance.processingUntil, paused);
    }
  }

  /** Forgets an instance and its data (`journey/state/delete`); its id is remembered as deleted. */
  delete(instance: Instance): void {
    this.#instances.delete(instance.id);
    for (const taskId of instance.taskIds) this.#tasks.delete(taskId);
    this.#deleted.set(instance.id, { version: instance.version, region: instance.journey.region });
  }

  /** Whether `id` named an instance of this API version and region that was deleted. */
  wasDeleted(id: string, version: ApiVersion, region: Region): boolean {
    const deleted = this.#deleted.get(id);
    return deleted?.version === version && deleted.region === region;
  }

  reset(): void {
    this.#resets.abort(
      new SimError({
        kind: 'NOT_FOUND',
        location: 'Service',
        problem: 'the simulator was reset while this synchronous start waited: its instance is forgotten',
      }),
    );
    this.#resets = resetSignal();
    this.#instances.clear();
    this.#tasks.clear();
    this.#deleted.clear();
  }

  get size(): number {
    return this.#instances.size;
  }

  /** When a lazy classification of the document's front answers, while it is awaited. */
  #side2DecisionAt(instance: Instance): number | undefined {
    const policy = instance.journey.documentSide2;
    if (instance.side2 !== 'undecided' || instance.side1At === undefined || typeof policy === 'string') return undefined;
    return later(instance.side1At, policy.lazy.classifyMs);
  }

  /** Notes the document's front arriving and answers a lazy classification whose time has come. */
  #classifyDocument(instance: Instance, at: number): void {
    if (instance.side1At === undefined && hasSide1(instance.subject)) instance.side1At = at;
    const decideAt = this.#side2DecisionAt(instance);
    const policy = instance.journey.documentSide2;
    if (decideAt === undefined || at < decideAt || typeof policy === 'string') return;
    const twoSided = policy.lazy.requiredWhen.every((condition) => holds(condition, instance.subject, decideAt));
    instance.side2 = twoSided ? 'required' : 'optional';
  }

  #advance(instance: Instance, at: number): void {
    this.#classifyDocument(instance, at);
    while (instance.status === 'InProgress' && instance.processingUntil === undefined) {
      const segment = instance.journey.segments[instance.segmentIndex];
      if (!segment) {
        this.#evaluate(instance, at);
        return;
      }
      if (instance.version === 'v1' && instance.taskIds[instance.segmentIndex] === undefined) {
        const taskId = this.#random.hex(32);
        instance.taskIds[instance.segmentIndex] = taskId;
        this.#tasks.set(taskId, { instance, segmentIndex: instance.segmentIndex });
      }
      const ready = segment.collects.every((entry) => entry.spec !== 'required' || isProvided(instance, entry.element));
      if (!ready) return;
      const modules = modulesOn(segment, instance.version);
      if (modules.length === 0) {
        instance.segmentIndex += 1;
        continue;
      }
      instance.processingSince = at;
      instance.processingUntil = later(at, Math.max(...modules.map(({ module }) => module.latencyMs)));
    }
  }

  #settle(instance: Instance): void {
    const now = this.#clock.now();
    // A lazy classification answers while the interaction waits: with a one-sided document, it may close it.
    const decideAt = instance.status === 'InProgress' ? this.#side2DecisionAt(instance) : undefined;
    if (decideAt !== undefined && now >= decideAt) this.#advance(instance, decideAt);
    while (
      instance.status === 'InProgress' &&
      instance.processingSince !== undefined &&
      instance.processingUntil !== undefined &&
      now >= instance.processingUntil
    ) {
      const segment = instance.journey.segments[instance.segmentIndex];
      const since = instance.processingSince;
      const until = instance.processingUntil;
      for (const { module, rules } of segment ? modulesOn(segment, instance.version) : []) {
        instance.steps.push({
          segmentId: segment?.id ?? '',
          module,
          startedAt: since,
          endedAt: later(since, module.latencyMs),
          result: runModule(module, instance.subject, since, rules),
        });
      }
      instance.processingSince = undefined;
      instance.processingUntil = undefined;
      if (instance.steps.some((step) => step.result.error)) {
        instance.status = instance.journey.failureStatus;
        instance.completedAt = until;
        return;
      }
      instance.segmentIndex += 1;
      this.#advance(instance, until);
    }
  }

  #evaluate(instance: Instance, at: number): void {
    const classes = new Set(instance.steps.map((step) => step.result.classification));
    const age = ageAt(instance.subject.identity?.dateOfBirth, at);
    const under18 = age !== undefined && age < 18;
    instance.decision =
      classes.has('negative') || (instance.journey.evaluation.rejectUnder18 && under18)
        ? 'Reject'
        : classes.has('neutral')
          ? 'Manual review'
          : 'Accept';
    instance.status = 'Completed';
    instance.completedAt = at;
  }
}
