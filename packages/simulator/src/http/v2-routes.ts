import {
  DOMAIN_ELEMENTS,
  DomainElementId,
  elementProblem,
  elementsCarriedBy,
  hasValidElement,
  InstanceRequest,
  mergeSubject,
  type Subject,
  SubmitRequest,
  V2_PATHS,
  V2StartRequest,
} from '@journey-bridge/contract';
import { Hono } from 'hono';
import { z } from 'zod';
import { currentSegment, isProvided, phaseOf } from '../engine.js';
import { invalidBody, SimError } from '../sim-error.js';
import type { SimulatorCore } from '../simulator-core.js';
import { interactionIdOf, interactionView, stateView } from '../views-v2.js';
import { deviceRoutes } from './device-routes.js';
import type { SimEnv } from './env.js';
import { admitInteraction, authorize, instanceFor, interactionCaller, quote } from './guards.js';
import { readJsonBody } from './read-body.js';

/** A participant's element: named as itself (`Selfie`) or by one of its fields (`Selfie/selfieImage`), as live tenants take it. */
const ParticipantElement = z.string().transform((ref, ctx) => {
  const [element, field, ...rest] = ref.split('/');
  const id = DomainElementId.safeParse(element);
  if (!id.success || rest.length > 0 || (field !== undefined && !DOMAIN_ELEMENTS[id.data].fields.includes(field))) {
    ctx.addIssue({ code: 'custom', message: 'must be a domain element or one of its fields, such as PrimaryDocument/side1Image' });
    return z.NEVER;
  }
  return id.data;
});

/** The specification's submit, with what live tenants also take: field-level participants and `instruction`. */
const LiveSubmitRequest = SubmitRequest.extend({
  participants: z.array(z.strictObject({ domainElementId: ParticipantElement, instruction: z.string().optional() })).optional(),
});

/** Live tenants spell the primary document's `type` both `Primary` and `primary`; the domain elements know the first. */
function withCanonicalDocumentType(subject: Subject): Subject {
  if (!subject.documents?.some((document) => document.type === 'primary')) return subject;
  return {
    ...subject,
    documents: subject.documents.map((document) => (document.type === 'primary' ? { ...document, type: 'Primary' } : document)),
  };
}

/** Refuses prefill that carries an element whose data is invalid (v2 validates prefill for every delivery). */
export function validatePrefill(subject: Subject): void {
  const invalid = elementsCarriedBy(subject).filter((id) => !hasValidElement(subject, id));
  if (invalid.length > 0) {
    throw new SimError(
      invalid.map((id) => ({
        kind: 'INVALID_FIELD' as const,
        problem: `context.subject: prefill for ${id} (${DOMAIN_ELEMENTS[id].paths.join(', ')}) is not valid`,
      })),
    );
  }
}

/** The v2 journey endpoints under `/v2/captain/`. */
export function v2Routes(core: SimulatorCore): Hono<SimEnv> {
  const { engine, tokens, endUserTokens, options } = core;
  const app = new Hono<SimEnv>();
  const body = (c: Parameters<typeof readJsonBody>[0]) => readJsonBody(c, options.bodyLimitBytes);

  app.route('/', deviceRoutes(core));

  app.post(V2_PATHS.start, async (c) => {
    authorize(c, tokens, 'journey.start');
    const parsed = V2StartRequest.safeParse(await body(c), { reportInput: true });
    if (!parsed.success) throw invalidBody(parsed.error);
    const { resourceId, deliveryId, context } = parsed.data;
    const region = c.get('region');
    const match = resourceId ? engine.findByResourceId('v2', region, resourceId) : engine.findByDeliveryId(region, deliveryId ?? '');
    if (!match) {
      const name = resourceId ? `resourceId ${quote(resourceId)}` : `deliveryId ${quote(deliveryId ?? '')}`;
      throw new SimError({ kind: 'NOT_FOUND', problem: `${name} is not a v2 journey published in region ${region}` });
    }
    const subject = withCanonicalDocumentType(context.subject);
    validatePrefill(subject);
    const instance = engine.start({ ...match, version: 'v2', delivery: context.config.delivery, subject });
    c.set('journal', { instanceId: instance.id });
    const instanceUrl = context.config.delivery === 'page' ? new URL(`/page/${instance.id}`, c.req.url).href : undefined;
    return c.json({ instanceId: instance.id, ...(instanceUrl && { instanceUrl }), status: 'started' }, 201);
  });

  app.post(V2_PATHS.interactionFetch, async (c) => {
    const caller = await interactionCaller(c, tokens, endUserTokens);
    const parsed = InstanceRequest.safeParse(await body(c), { reportInput: true });
    if (!parsed.success) throw invalidBody(parsed.error);
    const instance = instanceFor(c, engine, 'v2', parsed.data.instanceId);
    admitInteraction(caller, instance, 'journey.read');
    return c.json(interactionView(instance));
  });

  app.post(V2_PATHS.interactionSubmit, async (c) => {
    const caller = await interactionCaller(c, tokens, endUserTokens);
    const parsed = LiveSubmitRequest.safeParse(await body(c), { reportInput: true });
    if (!parsed.success) throw invalidBody(parsed.error);
    const { instanceId, interactionId, participants, context } = parsed.data;
    const instance = instanceFor(c, engine, 'v2', instanceId);
    admitInteraction(caller, instance, 'journey.submit');
    const ids = [...new Set(participants?.map((entry) => entry.domainElementId))];
    c.set('journal', { instanceId, participants: ids });

    if (instance.status !== 'InProgress') {
      throw new SimError({ kind: 'JOURNEY_NOT_ACTIVE', problem: `the journey is ${instance.status}: no interaction accepts data` });
    }
    const segment = currentSegment(instance);
    if (phaseOf(instance) !== 'collecting' || !segment) {
      throw new SimError({
        kind: 'INVALID_FIELD',
        problem: 'no interaction is active while modules run: poll interaction fetch until an interactionId appears',
      });
    }
    if (interactionId !== interactionIdOf(instance, segment.id)) {
      throw new SimError({ kind: 'INVALID_FIELD', problem: `interactionId ${quote(interactionId)} is not the active interaction` });
    }
    // A submit with context but no participants is accepted and changes nothing (as the live service does).
    if (participants === undefined) return c.json({ status: 'success' });
    if (!context) throw new SimError({ kind: 'MISSING_FIELD', problem: 'context.subject is required with participants' });

    const collects = new Map(segment.collects.map((entry) => [entry.element, entry.spec]));
    const notCollected = ids.filter((id) => !collects.has(id));
    if (notCollected.length > 0) {
      throw new SimError({ kind: 'INVALID_FIELD', problem: `${notCollected.join(', ')} not collected by this interaction` });
    }
    const already = ids.filter((id) => isProvided(instance, id));
    if (already.length > 0) {
      throw new SimError({ kind: 'ALREADY_SUBMITTED', problem: `${already.join(', ')} already submitted` });
    }
    const subject = withCanonicalDocumentType(context.subject);
    const required = ids.filter((id) => collects.get(id) === 'required');
    const missing = required.filter((id) => DOMAIN_ELEMENTS[id].pick(subject) === undefined);
    if (missing.length > 0) {
      throw new SimError(missing.map((id) => ({ kind: 'MISSING_FIELD' as const, problem: elementProblem(subject, id) ?? id })));
    }
    const invalid = required.filter((id) => !hasValidElement(subject, id));
    if (invalid.length > 0) {
      throw new SimError(invalid.map((id) => ({ kind: 'INVALID_FIELD_CONFLICT' as const, problem: elementProblem(subject, id) ?? id })));
    }
    // Optional elements that are absent or invalid are dropped without a word (interaction rule 6).
    const accepted = ids.filter((id) => hasValidElement(subject, id));
    const taken = accepted.reduce<Subject>((sum, id) => mergeSubject(sum, DOMAIN_ELEMENTS[id].pick(subject) ?? {}), {});
    engine.accept(instance, taken);
    return c.json({ status: 'success' });
  });

  app.post(V2_PATHS.stateFetch, async (c) => {
    authorize(c, tokens, 'journey.read');
    const parsed = InstanceRequest.safeParse(await body(c), { reportInput: true });
    if (!parsed.success) throw invalidBody(parsed.error);
    return c.json(stateView(instanceFor(c, engine, 'v2', parsed.data.instanceId)));
  });

  return app;
}
