import {
  type ElementCatalogue,
  InstanceRequest,
  mergeSubject,
  type Subject,
  SubmitRequest,
  V2_PATHS,
  V2StartRequest,
} from '@journey-bridge/contract';
import { Hono } from 'hono';
import { hasSide1, side2Of } from '../document-sides.js';
import { currentSegment, isProvided, phaseOf } from '../engine.js';
import { invalidBody, SimError } from '../sim-error.js';
import type { SimulatorCore } from '../simulator-core.js';
import { interactionIdOf, interactionView, stateView } from '../views-v2.js';
import { deviceRoutes } from './device-routes.js';
import type { SimEnv } from './env.js';
import { admitInteraction, authorize, instanceFor, interactionCaller, quote } from './guards.js';
import { lifecycleRoutes } from './lifecycle-routes.js';
import { readJsonBody } from './read-body.js';

/**
 * A participant's element, named as itself (`Selfie`) or by one of its fields (`Selfie/selfieImage`) as live
 * tenants take it, among the elements the journey knows.
 */
function participantElement(catalogue: ElementCatalogue, ref: string, index: number): string {
  const [element = '', field] = ref.split('/');
  const known = catalogue.get(element);
  if (!known || (field !== undefined && !known.fields.some(({ name }) => name === field))) {
    throw new SimError({
      kind: 'INVALID_FIELD',
      problem: `participants.${index}.domainElementId: must be a domain element or one of its fields, such as PrimaryDocument/side1Image`,
    });
  }
  return element;
}

/** Live tenants spell the primary document's `type` both `Primary` and `primary`; the domain elements know the first. */
function withCanonicalDocumentType(subject: Subject): Subject {
  if (!subject.documents?.some((document) => document.type === 'primary')) return subject;
  return {
    ...subject,
    documents: subject.documents.map((document) => (document.type === 'primary' ? { ...document, type: 'Primary' } : document)),
  };
}

/**
 * The stored document completed by the back a submit brings, as one `Primary` document. Refused as the element
 * would be: 400 when the submit carries no back, 409 when it is not an image.
 */
function documentWithBack(catalogue: ElementCatalogue, stored: Subject, submitted: Subject): Subject {
  const side2Image = side2Of(submitted);
  if (side2Image === undefined) {
    throw new SimError({
      kind: 'MISSING_FIELD',
      problem: 'PrimaryDocument/side2Image is missing: context.subject.documents[type=Primary].side2Image',
    });
  }
  // An untyped side joins the stored Primary document; picking folds the two into one.
  const merged = mergeSubject(stored, { documents: [{ side2Image }] });
  const problem = catalogue.problem(merged, 'PrimaryDocument');
  if (problem) throw new SimError({ kind: 'INVALID_FIELD_CONFLICT', problem });
  return catalogue.get('PrimaryDocument')?.pick(merged) ?? {};
}

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
    const match = resourceId ? engine.findByResourceId('v2', region, resourceId) : engine.findByDeliveryId(region, deliveryId ?? '');
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
    const instance = instanceFor(c, engine, 'v2', parsed.data.instanceId);
    admitInteraction(caller, instance, 'journey.read');
    return c.json(interactionView(instance));
  });

  app.post(V2_PATHS.interactionSubmit, async (c) => {
    const caller = await interactionCaller(c, tokens, endUserTokens);
    const parsed = SubmitRequest.safeParse(await body(c), { reportInput: true });
    if (!parsed.success) throw invalidBody(parsed.error);
    const { instanceId, interactionId, participants, context } = parsed.data;
    const instance = instanceFor(c, engine, 'v2', instanceId);
    admitInteraction(caller, instance, 'journey.submit');
    const { catalogue } = instance.journey;
    const refs = participants?.map(({ domainElementId }, index) => ({
      ref: domainElementId,
      element: participantElement(catalogue, domainElementId, index),
    }));
    const ids = [...new Set(refs?.map((entry) => entry.element))];
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
    if (refs === undefined) return c.json({ status: 'success' });
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
    // The document's front is in and its back awaited: this submit may bring the back, and nothing but the back.
    const backOnly = ids.includes('PrimaryDocument') && hasSide1(instance.subject);
    const namesFront = refs.some(({ ref }) => ref === 'PrimaryDocument' || ref === 'PrimaryDocument/side1Image');
    if (backOnly && namesFront && hasSide1(subject)) {
      throw new SimError({ kind: 'ALREADY_SUBMITTED', problem: 'PrimaryDocument/side1Image already submitted' });
    }
    const whole = ids.filter((id) => !(backOnly && id === 'PrimaryDocument'));
    const required = whole.filter((id) => collects.get(id) === 'required');
    const missing = required.filter((id) => catalogue.get(id)?.pick(subject) === undefined);
    if (missing.length > 0) {
      throw new SimError(missing.map((id) => ({ kind: 'MISSING_FIELD' as const, problem: catalogue.problem(subject, id) ?? id })));
    }
    const invalid = required.filter((id) => !catalogue.isValid(subject, id));
    if (invalid.length > 0) {
      throw new SimError(invalid.map((id) => ({ kind: 'INVALID_FIELD_CONFLICT' as const, problem: catalogue.problem(subject, id) ?? id })));
    }
    // Optional elements that are absent or invalid are dropped without a word (interaction rule 6).
    const accepted = whole.filter((id) => catalogue.isValid(subject, id));
    let taken = accepted.reduce<Subject>((sum, id) => mergeSubject(sum, catalogue.get(id)?.pick(subject) ?? {}), {});
    if (backOnly) taken = mergeSubject(taken, documentWithBack(catalogue, instance.subject, subject));
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
