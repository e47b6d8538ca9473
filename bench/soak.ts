/**
 * `pnpm soak`: a legacy v1 app that follows the specification's error table runs 500 journeys through
 * `journey-bridge serve` against the simulator under injected faults, on loopback; then 200 journeys at once
 * while their token expires, three times; then every line the shim and the simulator logged is scanned for the
 * secrets and identity data the journeys carried. Prints one table and exits 1 if a target is missed.
 *
 * The simulator, the app and the audit run in this process; the shim (`startShim`) in a process of its own, so
 * that its memory is measured alone: in one process the simulator's retained journeys and V8's heap kept for
 * all of them moved the resident set more than the shim did.
 *
 * Targets: every journey ends with the outcome its customer should get; no customer gets a second journey; no
 * element is accepted twice or lost; the shim's RSS at the end within 20% of its RSS after warm-up; one token
 * request per expiry with 200 journeys in flight; no secret in any log line.
 */
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { ALL_PERMISSIONS, bundledJourneysDir, createSimulator, type FaultRuleInput, loadJourneys } from '@journey-bridge/simulator';
import { customers, identityValues } from './soak/customers.js';
import { type ForkedShim, forkShim } from './soak/fork-shim.js';
import { type Customer, createLegacyApp, type StartLookup, type Verification } from './soak/legacy-app.js';
import { captureStderr, type Secret, scan } from './soak/log-scan.js';
import { type Audit, audit, JournalTap } from './soak/platform-audit.js';

const JOURNEYS = 500;
const CONCURRENCY = 50;
const WARM_UP = 50;
const TOKEN_PHASE_JOURNEYS = 200;
const EXPIRIES = 3;
/** The shim's upstream timeout; slow faults take longer than it. */
const TIMEOUT_MS = 500;
const SLOW_MS = 800;
/** The token phase is about tokens, not timeouts: 200 journeys at once on two cores must not time out. */
const PHASE_TWO_TIMEOUT_MS = 10_000;
/** How long the app lets a start of unknown outcome settle before looking it up: past the slowest answer. */
const SETTLE_MS = 2 * SLOW_MS;

/** The faults, matched in this order; `probability` is drawn from the simulator's seeded generator. */
const FAULTS: FaultRuleInput[] = [
  { id: 'slow start (past --timeout-ms)', path: '*/journey/start', latencyMs: SLOW_MS, probability: 0.04 },
  { id: 'slow submit (past --timeout-ms)', path: '*/interaction/submit', latencyMs: SLOW_MS, probability: 0.02 },
  { id: 'truncated 200', path: '/eu/v2/captain/*', malformed: true, probability: 0.02 },
  { id: 'connection reset', path: '/eu/v2/captain/*', reset: true, probability: 0.02 },
  { id: '503 Retry-After: 1', path: '/eu/v2/captain/*', status: 503, retryAfter: 1, probability: 0.05 },
  { id: '500', path: '/eu/v2/captain/*', status: 500, probability: 0.1 },
];

const run = randomBytes(4).toString('hex');
const client = {
  clientId: 'soak-client',
  clientSecret: `soak-secret-${randomBytes(12).toString('hex')}`,
  permissions: ALL_PERMISSIONS,
  users: [{ username: 'soak-user', password: `soak-password-${randomBytes(12).toString('hex')}` }],
};
const tokenForm = {
  grant_type: 'password',
  client_id: client.clientId,
  client_secret: client.clientSecret,
  username: client.users[0]?.username ?? '',
  password: client.users[0]?.password ?? '',
  scope: 'svc.token',
};

const journeys = await loadJourneys(bundledJourneysDir);
const journeyMap: Record<string, string> = Object.fromEntries(
  journeys.flatMap(({ resourceIds: { v1, v2 } }) => [
    [v1.production, v2.production],
    [v1.preview, v2.preview],
  ]),
);
const variantIds: Record<string, string> = Object.fromEntries(
  journeys.flatMap((journey) => journey.segments.flatMap((segment) => segment.modules.map((module) => [module.id, module.variantId]))),
);

/** A line on stdout while the soak runs (never a secret: counts and phases only). */
const progress = (line: string) => process.stdout.write(`soak: ${line}\n`);
const stderr = captureStderr();
const shimLines: string[] = [];

/** A simulator on loopback in this process, and a shim in front of it in its own process, its lines into `shimLines`. */
async function platform(options: Omit<Parameters<typeof createSimulator>[0], 'journeys' | 'clients'>, timeoutMs = TIMEOUT_MS) {
  const sim = createSimulator({ journeys, clients: [client], ...options });
  const upstream = await sim.listen();
  const config = { upstream: `${upstream.url}/eu/v2/captain/`, port: 0, journeyMap, variantIds, timeoutMs, logLevel: 'info' as const };
  const shim = await forkShim(config, (line) => shimLines.push(line));
  return { sim, upstream, shim };
}

/** The stand-in for asking the vendor what became of a request: the simulator's journal, by `X-Request-ID`. */
const lookUpIn =
  (upstreamUrl: string) =>
  async (requestId: string): Promise<StartLookup> => {
    const answer = await fetch(`${upstreamUrl}/__sim/journal?path=${encodeURIComponent('*/journey/start')}`);
    const { entries } = (await answer.json()) as { entries: { requestId: string; status: number; instanceId?: string }[] };
    const created = entries.find((entry) => entry.requestId === requestId && entry.status === 201 && entry.instanceId);
    return created?.instanceId ? { created: created.instanceId } : { created: false };
  };

const appFor = (shim: ForkedShim, upstreamUrl: string, pollMs: number) =>
  createLegacyApp({
    v1BaseUrl: `${shim.url}/captain/api/`,
    tokenUrl: `${shim.url}/as/token.oauth2`,
    tokenForm,
    pollMs,
    settleMs: SETTLE_MS,
    lookUpStart: lookUpIn(upstreamUrl),
  });

/** Runs `work` over `items`, `concurrency` at a time, in order of start. */
async function pool<T, R>(items: readonly T[], concurrency: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < items.length; index = next++) results[index] = await work(items[index] as T);
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return results;
}

type Outcome = { verification: Verification } | { customer: Customer; error: string };
const verifyWith = (app: ReturnType<typeof appFor>) => (customer: Customer) =>
  app.verify(customer).then(
    (verification): Outcome => ({ verification }),
    (error: Error): Outcome => ({ customer, error: error.message }),
  );
const rightOutcome = (outcome: Outcome) =>
  'verification' in outcome &&
  outcome.verification.status === outcome.verification.customer.expected.status &&
  outcome.verification.decision === outcome.verification.customer.expected.decision;

// Phase 1: 500 journeys under faults, the simulator's clock 100 times real time (modules take milliseconds).
const started = performance.now();
const soak = await platform({ clock: { scale: 100 }, seed: 7 });
for (const rule of FAULTS) soak.sim.core.faults.add(rule);
const soakApp = appFor(soak.shim, soak.upstream.url, 20);
const tap = new JournalTap(soak.sim);
const draining = setInterval(() => tap.drain(), 100);
const soakCustomers = customers(JOURNEYS, run);
let done = 0;
const verifySoak = (customer: Customer) =>
  verifyWith(soakApp)(customer).finally(() => {
    done += 1;
    if (done % 100 === 0) progress(`${done} of ${JOURNEYS} journeys done`);
  });
const warmUp = await pool(soakCustomers.slice(0, WARM_UP), CONCURRENCY, verifySoak);
const rssStart = (await soak.shim.rss()) / 2 ** 20;
const rest = await pool(soakCustomers.slice(WARM_UP), CONCURRENCY, verifySoak);
const rssEnd = (await soak.shim.rss()) / 2 ** 20;
clearInterval(draining);
tap.drain();
const outcomes = [...warmUp, ...rest];
const verifications = outcomes.flatMap((outcome) => ('verification' in outcome ? [outcome.verification] : []));
const soakAudit: Audit = audit(soak.sim, tap.entries, verifications);
const soakSeconds = (performance.now() - started) / 1000;
const faultHits = soak.sim.core.faults.list().map((rule) => `${rule.id} ${rule.hits}`);

// Phase 2: 200 journeys at once, their shared token expiring under them three times. A manual clock: the modules
// wait until the driver moves it past the token's lifetime, so every journey is in flight at each expiry.
const expiring = await platform({ clock: { manual: true }, seed: 11, tokenExpiresIn: 60 }, PHASE_TWO_TIMEOUT_MS);
const expiringApp = appFor(expiring.shim, expiring.upstream.url, 250);
const expiringTap = new JournalTap(expiring.sim);
const expiringDrain = setInterval(() => expiringTap.drain(), 50);
const count = (suffix: string, status: number) =>
  expiringTap.entries.filter(
    (entry) => entry.path.endsWith(suffix) && entry.status === status && (entry.instanceId || suffix.includes('token')),
  ).length;
const phaseOutcomes: Outcome[] = [];
const phaseCustomers: Customer[] = [];
const tokensBefore: number[] = [];
for (let round = 0; round < EXPIRIES; round += 1) {
  const target = count('/interaction/submit', 200) + TOKEN_PHASE_JOURNEYS;
  const batch = customers(TOKEN_PHASE_JOURNEYS, `${run}-${round}`, 'data-check');
  phaseCustomers.push(...batch);
  let settled = false;
  const running = Promise.all(batch.map(verifyWith(expiringApp))).finally(() => (settled = true));
  // Every journey has handed in its task and polls, with the token it holds, for modules that wait on the clock.
  const deadline = Date.now() + 60_000;
  while (count('/interaction/submit', 200) < target && !settled && Date.now() < deadline) {
    await sleep(20);
    expiringTap.drain();
  }
  const waiting = count('/interaction/submit', 200) - target + TOKEN_PHASE_JOURNEYS;
  progress(`expiry ${round + 1}: ${waiting} of ${TOKEN_PHASE_JOURNEYS} journeys in flight`);
  tokensBefore.push(count('/token.oauth2', 200));
  expiring.sim.core.clock.advance(61_000);
  // A journey that was late (none, normally) must not wait on a clock nobody moves.
  const ticking = setInterval(() => expiring.sim.core.clock.advance(1000), 50);
  phaseOutcomes.push(...(await running));
  clearInterval(ticking);
}
clearInterval(expiringDrain);
expiringTap.drain();
const tokenRequestsAfterExpiries = count('/token.oauth2', 200) - (tokensBefore[0] ?? 0);

await Promise.all([soak.shim.close(), expiring.shim.close()]);
await Promise.all([soak.upstream.close(), expiring.upstream.close()]);
stderr.stop();

// The log scan: every line the shim and the simulator wrote, for every secret the runs used.
const secrets: Secret[] = [
  ...[...soakApp.tokens.issued, ...expiringApp.tokens.issued].map((value) => ({ kind: 'access token', value })),
  { kind: 'client secret', value: client.clientSecret },
  { kind: 'password', value: tokenForm.password },
  ...identityValues([...soakCustomers, ...phaseCustomers]),
];
const logged = [...shimLines, ...stderr.lines];
const leaks = scan(logged, secrets);
const leaked = [...leaks.values()].reduce((sum, count) => sum + count, 0);

const completed = outcomes.filter(rightOutcome).length;
const phaseCompleted = phaseOutcomes.filter(rightOutcome).length;
const rssChange = (rssEnd - rssStart) / rssStart;
const perExpiry = tokenRequestsAfterExpiries / EXPIRIES;
const rows: [string, string, string, boolean][] = [
  [`journeys completed with the right outcome (${JOURNEYS}, faults)`, `${completed}/${JOURNEYS}`, '100%', completed === JOURNEYS],
  ['duplicate journeys (starts per context.subject.uid)', String(soakAudit.duplicateJourneys), '0', soakAudit.duplicateJourneys === 0],
  [
    'journeys of no customer, or of another customer',
    String(soakAudit.strayJourneys + soakAudit.foreignInstances),
    '0',
    soakAudit.strayJourneys + soakAudit.foreignInstances === 0,
  ],
  ['duplicate submissions (accepted twice)', String(soakAudit.duplicateSubmissions), '0', soakAudit.duplicateSubmissions === 0],
  ['lost elements (sent, not held by the instance)', String(soakAudit.lostElements), '0', soakAudit.lostElements === 0],
  ['journal entries missed by the audit', String(tap.gaps), '0', tap.gaps === 0],
  [
    `shim RSS after ${WARM_UP} journeys → after ${JOURNEYS}`,
    `${rssStart.toFixed(0)} → ${rssEnd.toFixed(0)} MB (${(rssChange * 100).toFixed(1)}%)`,
    'within 20%',
    Math.abs(rssChange) <= 0.2,
  ],
  [
    `token requests per expiry (${TOKEN_PHASE_JOURNEYS} journeys in flight, ${EXPIRIES} expiries)`,
    `${perExpiry} (${tokenRequestsAfterExpiries} requests; ${tokensBefore[0]} before the first)`,
    '1',
    perExpiry === 1,
  ],
  [
    `journeys of the expiry phase with the right outcome`,
    `${phaseCompleted}/${EXPIRIES * TOKEN_PHASE_JOURNEYS}`,
    '100%',
    phaseCompleted === EXPIRIES * TOKEN_PHASE_JOURNEYS,
  ],
  [`log lines holding a secret (${logged.length} lines, ${secrets.length} values)`, String(leaked), '0', leaked === 0],
];

const width = Math.max(...rows.map(([name]) => name.length));
const out = (line: string) => process.stdout.write(`${line}\n`);
out(
  `\njourney-bridge soak, run ${run}: ${JOURNEYS} journeys in ${soakSeconds.toFixed(1)} s, ${CONCURRENCY} at a time, shim --timeout-ms ${TIMEOUT_MS}`,
);
out(`faults injected (rule hits): ${faultHits.join('; ')}`);
const { counters } = soakApp;
out(
  `the app saw: ${[...counters.answers]
    .sort(([a], [b]) => a - b)
    .map(([status, count]) => `${count}× ${status}`)
    .join(', ')}; ` +
    `${counters.unknownStarts} starts of unknown outcome (502/504): ${counters.foundCreated} found created, ${counters.foundNotCreated} found not created and started again; ` +
    `${counters.tasksNoLongerOpen} task updates answered 409 (no longer open: taken by an earlier attempt); ${counters.otherRequestIds} answers naming another request id; ${counters.tokenRequests} token requests`,
);
for (const outcome of [...outcomes, ...phaseOutcomes]) if ('error' in outcome) out(`failed: ${outcome.customer.uid}: ${outcome.error}`);
for (const [kind, count] of leaks) if (count > 0) out(`leaked: ${kind} in ${count} lines`);
out('');
out(`| ${'target'.padEnd(width)} | measured | required | met |`);
out(`|${'-'.repeat(width + 2)}|---|---|---|`);
for (const [name, measured, required, met] of rows) out(`| ${name.padEnd(width)} | ${measured} | ${required} | ${met ? 'yes' : 'NO'} |`);
process.exitCode = rows.every(([, , , met]) => met) ? 0 : 1;
