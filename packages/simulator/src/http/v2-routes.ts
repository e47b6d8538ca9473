import {
  type ElementCatalogue,
  InstanceRequest,
  type Region,
  type Subject,
  SubmitRequest,
  V2_PATHS,
  V2StartRequest,
} from '@journey-bridge/contract';
import { Hono } from 'hono';
import { z } from 'zod';
import type { JourneyEngine, JourneyMatch } from '../engine.js';
import { participantElements, participantRefs, submitInteraction, withCanonicalDocumentType } from '../interaction-submit.js';
import { invalidBody, quote, SimError } from '../sim-error.js';
import type { SimulatorCore } from '../simulator-core.js';
import { interactionView, stateView } from '../views-v2.js';
import { deviceRoutes } from './device-routes.js';
import type { SimEnv } from './env.js';
import { admitCaller, admitInteraction, authorize, instanceFor, interactionCaller } from './guards.js';
import { lifecycleRoutes } from './lifecycle-routes.js';
import { readJsonBody } from './read-body.js';

/**
 * v2 state fetch as the vendor's SDK and command-line client send it: with their v1-era `filterKeys` and
 * `context` (field notes), which are accepted and change nothing; any other unknown field is still refused.
 */
const V2StateRequest = InstanceRequest.extend({
  filterKeys: z.array(z.string()).max(100).optional(),
  context: z.array(z.string()).max(100).optional(),
});

/**
 * The submit as the simulator checks it before the element rules: `context.subject` only has to be an object, so
 * that each participant's data, of whatever JSON type, is judged by its element (required and invalid → 409,
 * optional and invalid → dropped) and data for an element the submit does not name is left out, as on the live
 * service. What the client sends and the adapter checks stays the strict `SubmitRequest`.
 */
const SubmitEnvelope = SubmitRequest.extend({
  context: z.strictObject({ subject: z.looseObject({ uid: z.string().optional() }) }).optional(),
});

/** Refuses prefill that carries an element whose data is invalid (v2 validates prefill for every delivery). */
export function validatePrefill(catalogue: ElementCatalogue, subject: Subject): void {
  const invalid = catalogue.carriedBy(subject).filter((id) => !catalogue.isValid(subject, id));
  if (invalid.length > 0) {
    throw new SimError(
      invalid.map((id) => ({
        kind: 'INVALID_FIELD' as const,
        problem: `context.subject: prefill for ${id} (${catalogue.get(id)?.paths.join(', ')}) is not valid`,
      })),
    );
  }
}

/** The v2 journey endpoints under `/v2/captain/`. */
/** The journey a start by `deliveryId` runs; a 400 when several deliver it at one version (copies of a journey file). */
function deliveredJourney(engine: JourneyEngine, region: Region, deliveryId: string): JourneyMatch | undefined {
  const [journey, ...others] = engine.deliveredAs(region, deliveryId);
  if (!journey) return undefined;
  if (others.length > 0) {
    const ids = [journey, ...others].map(({ id }) => quote(id)).join(', ');
    throw new SimError({
      kind: 'INVALID_FIELD',
      problem: `deliveryId ${quote(deliveryId)} is delivered by ${others.length + 1} journeys at version ${journey.version} in region ${region} (${ids}): the simulator cannot tell which to start`,
      action: 'Start by resourceId, or load one journey per delivery id and version.',
    });
  }
  return { journey, environment: 'production' };
}

export function v2Routes(core: SimulatorCore): Hono<SimEnv> {
  const { engine, tokens, endUserTokens, options } = core;
  const app = new Hono<SimEnv>();
  const body = (c: Parameters<typeof readJsonBody>[0]) => readJsonBody(c, options.bodyLimitBytes);

  app.route('/', deviceRoutes(core));
  app.route('/', lifecycleRoutes(core));

  app.post(V2_PATHS.start, async (c) => {
    authorize(c, tokens, 'journey.start');
    const parsed = V2StartRequest.safeParse(await body(c), { reportInput: true });
    if (!parsed.success) throw invalidBody(parsed.error);
    const { resourceId, deliveryId, context } = parsed.data;
    const region = c.get('region');
    const match = resourceId ? engine.findByResourceId('v2', region, resourceId) : deliveredJourney(engine, region, deliveryId ?? '');
    if (!match) {
      const name = resourceId ? `resourceId ${quote(resourceId)}` : `deliveryId ${quote(deliveryId ?? '')}`;
      throw new SimError({ kind: 'NOT_FOUND', problem: `${name} is not a v2 journey published in region ${region}` });
    }
    const subject = withCanonicalDocumentType(context.subject);
    validatePrefill(match.journey.catalogue, subject);
    const instance = engine.start({ ...match, version: 'v2', delivery: context.config.delivery, subject });
    c.set('journal', { instanceId: instance.id });
    const instanceUrl = context.config.delivery === 'page' ? new URL(`/page/${instance.id}`, c.req.url).href : undefined;
    return c.json({ instanceId: instance.id, ...(instanceUrl && { instanceUrl }), status: 'started' }, 201);
  });

  app.post(V2_PATHS.interactionFetch, async (c) => {
    const caller = await interactionCaller(c, tokens, endUserTokens);
    const parsed = InstanceRequest.safeParse(await body(c), { reportInput: true });
    if (!parsed.success) throw invalidBody(parsed.error);
    admitCaller(caller, parsed.data.instanceId, 'journey.read');
    const instance = instanceFor(c, engine, 'v2', parsed.data.instanceId);
    admitInteraction(caller, instance);
    return c.json(interactionView(instance));
  });

  app.post(V2_PATHS.interactionSubmit, async (c) => {
    const caller = await interactionCaller(c, tokens, endUserTokens);
    const parsed = SubmitEnvelope.safeParse(await body(c), { reportInput: true });
    if (!parsed.success) throw invalidBody(parsed.error);
    const { instanceId, interactionId, participants, context } = parsed.data;
    // Unchecked beyond the envelope: the domain elements' picks take any JSON and their rules judge each value.
    const subject = context?.subject as Subject | undefined;
    admitCaller(caller, instanceId, 'journey.submit');
    const instance = instanceFor(c, engine, 'v2', instanceId);
    admitInteraction(caller, instance);
    const refs = participantRefs(instance.journey.catalogue, participants);
    c.set('journal', { instanceId, participants: participantElements(refs) });
    submitInteraction(engine, instance, { interactionId, refs, subject });
    return c.json({ status: 'success' });
  });

  app.post(V2_PATHS.stateFetch, async (c) => {
    authorize(c, tokens, 'journey.read');
    const parsed = V2StateRequest.safeParse(await body(c), { reportInput: true });
    if (!parsed.success) throw invalidBody(parsed.error);
    return c.json(stateView(instanceFor(c, engine, 'v2', parsed.data.instanceId)));
  });

  return app;
}
