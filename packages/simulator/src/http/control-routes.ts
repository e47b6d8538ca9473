import { Hono } from 'hono';
import { z } from 'zod';
import { ClockError } from '../clock.js';
import { phaseOf } from '../engine.js';
import { FaultRuleInput } from '../faults.js';
import type { JournalQuery } from '../journal.js';
import { invalidBody, quote, SimError } from '../sim-error.js';
import type { SimulatorCore } from '../simulator-core.js';
import type { SimEnv } from './env.js';
import { readJsonBody } from './read-body.js';

const ClockChange = z.strictObject({ manual: z.boolean().optional(), scale: z.number().positive().optional() });
const Advance = z.strictObject({ ms: z.number().nonnegative() });
const IssueToken = z.strictObject({ clientId: z.string().min(1).default('demo-client') });
const Revoke = z.strictObject({ token: z.string().min(1).optional() });
const TokenConfig = z.strictObject({ expiresIn: z.number().int().positive() });
const PortalDecision = z.strictObject({ decision: z.string().min(1) });

const JOURNAL_FILTERS = new Set(['method', 'path', 'status', 'instanceId']);

function parse<T>(schema: z.ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value, { reportInput: true });
  if (!parsed.success) throw invalidBody(parsed.error);
  return parsed.data;
}

/** The control plane under `/__sim/`: reset, faults, journal, clock, tokens and instances. Needs no token. */
export function controlRoutes(core: SimulatorCore): Hono<SimEnv> {
  const { engine, faults, journal, clock, tokens } = core;
  const app = new Hono<SimEnv>();
  const body = async (c: Parameters<typeof readJsonBody>[0]) =>
    c.req.header('content-length') === '0' || !c.req.header('content-type') ? {} : readJsonBody(c, 1024 * 1024);
  const journalQuery = (c: { req: { url: string; query: (key: string) => string | undefined } }): JournalQuery => {
    // A typo in a filter would match nothing, or nothing be filtered, and an "expect count 0" assertion pass on it.
    for (const name of new URL(c.req.url).searchParams.keys()) {
      if (JOURNAL_FILTERS.has(name)) continue;
      throw new SimError({
        kind: 'INVALID_FIELD',
        location: 'Query String',
        problem: `unknown journal filter ${quote(name)}: filter by ${[...JOURNAL_FILTERS].join(', ')}`,
      });
    }
    const status = c.req.query('status');
    // 0 is what the journal records for a connection a `reset` fault dropped without an answer.
    if (status !== undefined && !/^(?:[1-5]\d\d|0)$/.test(status)) {
      throw new SimError({
        kind: 'INVALID_FIELD',
        location: 'Query String',
        problem: `status must be an HTTP status code from 100 to 599, or 0 for a reset connection, got ${quote(status)}`,
      });
    }
    return {
      method: c.req.query('method'),
      path: c.req.query('path'),
      status: status === undefined ? undefined : Number(status),
      instanceId: c.req.query('instanceId'),
    };
  };
  const clockView = () => ({ now: new Date(clock.now()).toISOString(), epochMs: clock.now(), ...clock.mode });
  const instance = (id: string) => {
    const found = engine.get(id);
    if (!found) throw new SimError({ kind: 'NOT_FOUND', location: 'Path', problem: `instance ${quote(id)} was not found` });
    return found;
  };

  app.get('/health', (c) => c.json({ status: 'ok', instances: engine.size, journeys: engine.journeys.length }));
  app.post('/reset', (c) => {
    core.reset();
    return c.json({ reset: true });
  });

  app.get('/journeys', (c) =>
    c.json(
      engine.journeys.map(({ id, name, region, version, resourceIds, deliveryId, segments }) => ({
        id,
        name,
        region,
        version,
        resourceIds,
        deliveryId,
        segments: segments.map((segment) => ({ id: segment.id, collects: segment.collects })),
      })),
    ),
  );

  app.get('/journal', (c) => c.json({ entries: journal.list(journalQuery(c)) }));
  app.get('/journal/count', (c) => c.json({ count: journal.count(journalQuery(c)) }));
  app.delete('/journal', (c) => {
    journal.clear();
    return c.json({ cleared: true });
  });

  app.get('/faults', (c) => c.json({ faults: faults.list() }));
  app.post('/faults', async (c) => c.json(faults.add(parse(FaultRuleInput, await body(c))), 201));
  app.delete('/faults', (c) => {
    faults.clear();
    return c.json({ cleared: true });
  });
  app.delete('/faults/:id', (c) => {
    if (!faults.remove(c.req.param('id'))) {
      throw new SimError({ kind: 'NOT_FOUND', location: 'Path', problem: `fault ${quote(c.req.param('id'))} was not found` });
    }
    return c.json({ removed: true });
  });

  app.get('/clock', (c) => c.json(clockView()));
  app.post('/clock', async (c) => {
    const change = parse(ClockChange, await body(c));
    try {
      clock.configure(change);
    } catch (error) {
      if (!(error instanceof ClockError)) throw error;
      throw new SimError({ kind: 'INVALID_FIELD', problem: `scale: ${error.message}` });
    }
    return c.json(clockView());
  });
  app.post('/clock/advance', async (c) => {
    const { ms } = parse(Advance, await body(c));
    try {
      clock.advance(ms);
    } catch (error) {
      if (!(error instanceof ClockError)) throw error;
      throw new SimError({ kind: 'INVALID_FIELD', problem: `ms: ${error.message}` });
    }
    return c.json(clockView());
  });

  app.post('/tokens', async (c) => {
    const { clientId } = parse(IssueToken, await body(c));
    const client = core.clients.get(clientId);
    if (!client) throw new SimError({ kind: 'NOT_FOUND', problem: `client ${quote(clientId)} is not configured` });
    return c.json(tokens.issue(client.clientId, client.permissions), 201);
  });
  app.post('/tokens/revoke', async (c) => c.json({ revoked: tokens.revoke(parse(Revoke, await body(c)).token) }));
  app.post('/tokens/config', async (c) => {
    tokens.expiresIn = parse(TokenConfig, await body(c)).expiresIn;
    return c.json({ expiresIn: tokens.expiresIn });
  });

  app.get('/instances/:id', (c) => {
    const found = instance(c.req.param('id'));
    return c.json({
      instanceId: found.id,
      journey: found.journey.id,
      version: found.version,
      status: found.status,
      phase: phaseOf(found),
      segment: found.journey.segments[found.segmentIndex]?.id ?? null,
      steps: found.steps.map((step) => ({ module: step.module.id, outcome: step.result.outcome })),
      decision: found.customDecision ?? found.decision ?? null,
    });
  });
  app.post('/instances/:id/pause', (c) => {
    const found = instance(c.req.param('id'));
    engine.pause(found);
    return c.json({ status: found.status });
  });
  app.post('/instances/:id/resume', (c) => {
    const found = instance(c.req.param('id'));
    engine.resume(found);
    return c.json({ status: found.status });
  });
  // The portal's decision override: refused while the journey runs without an evaluation (interaction rule 9).
  app.post('/instances/:id/decision', async (c) => {
    const found = instance(c.req.param('id'));
    const { decision } = parse(PortalDecision, await body(c));
    if (found.decision === undefined) {
      throw new SimError({
        kind: 'JOURNEY_NOT_ACTIVE',
        problem: `the decision cannot be changed while the journey is ${found.status} without an evaluation`,
        // Not the ended journey's "start a new one": this one may still come to a decision.
        action: 'Change the decision once the journey has been decided.',
      });
    }
    found.customDecision = decision;
    return c.json({ decision });
  });

  return app;
}
