import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bundledJourneysDir, createSimulator, loadJourneys } from '@journey-bridge/simulator';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeProject } from './js-projects.js';
import { runCli } from './run-cli.js';

// A decision read kept behind a test of what only a v1 state has, or sent out of the code in v2's words, would
// change what the code answers with no marker: the flow stays on v1 instead.
const JOURNEY_MAP = join(import.meta.dirname, '../../../test-fixtures/legacy-apps/journey-map.json');

/** A client over fetch, and a data check run to its end whose state is `state` where `end` reads it. */
const client = `const URL_BASE = process.env.JOURNEY_HOST + '/eu/captain/api/journey/';
async function send(op, body) {
  const res = await fetch(URL_BASE + op, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return res.json();
}
module.exports = { send };
`;
const check = (head: string, end: string) => `const { send } = require('./client');

${head} {
  const { instanceId } = await send('start', { resourceId: 'a1d7c3f0data-check-v1@latest', context: { config: { async: true }, subject: {} } });
  const list = await send('task/list', { instanceId });
  await send('task/update', { intent: 'Complete', instanceId, taskId: list.tasks[0].taskId, context: { subject: person } });
  const state = await send('state/fetch', { instanceId });
  ${end}
}
`;

let repo: string;
beforeEach(async () => {
  repo = await mkdtemp(join(tmpdir(), 'journey-codemod-decision-exits-'));
});
afterEach(() => rm(repo, { recursive: true, force: true }));

describe('a decision read behind a v1 test, or sent out of the code', () => {
  it('keeps the flow on v1 when the read is guarded by a test of data or process, which a v2 state does not have', async () => {
    await writeProject(repo, {
      'client.js': client,
      'guarded.js': `${check('async function verdict(person)', "return state.data && state.data.process && state.data.process.flow.decision.result.outcome === 'Decision: Pass';")}module.exports = { verdict };\n`,
      'caller.js': "const { verdict } = require('./guarded');\nmodule.exports = async (p) => ((await verdict(p)) ? 'yes' : 'no');\n",
    });
    const run = await runCli(['.', '--journey-map', JOURNEY_MAP], repo);
    expect(run.stderr).toContain('0 migrated whole');
    const guarded = await readFile(join(repo, 'guarded.js'), 'utf8');
    expect(guarded).toContain("state.data.process.flow.decision.result.outcome === 'Decision: Pass';");
    expect(guarded).toContain(
      'journey-codemod: unsupported [response.state-result] this code tests state.data, which a v2 state does not have',
    );
    expect((await runCli(['.', '--journey-map', JOURNEY_MAP, '--check'], repo)).code).toBe(0);
  });

  it('keeps the flow on v1 when an if tests the state’s data before the read', async () => {
    await writeProject(repo, {
      'client.js': client,
      'guarded.js': `${check('async function verdict(person)', "if (!state.data) return 'pending';\n  return state.data.process.flow.decision.result.outcome === 'Decision: Pass' ? 'ok' : 'no';")}module.exports = { verdict };\n`,
      'caller.js': "const { verdict } = require('./guarded');\nmodule.exports = async (p) => (await verdict(p)) === 'ok';\n",
    });
    const run = await runCli(['.', '--journey-map', JOURNEY_MAP], repo);
    expect(run.stderr).toContain('0 migrated whole');
    expect(await readFile(join(repo, 'guarded.js'), 'utf8')).toContain('this code tests state.data, which a v2 state does not have');
  });

  it.each([
    ['Boolean(state.data)', "const ready = Boolean(state.data);\n  if (!ready) return 'pending';"],
    ["'data' in state", "if (!('data' in state)) return 'pending';"],
    ["Object.hasOwn(state, 'data')", "if (!Object.hasOwn(state, 'data')) return 'pending';"],
    ["Reflect.has(state, 'metaData')", "if (!Reflect.has(state, 'metaData')) return 'pending';"],
  ])('keeps the flow on v1 when %s tests for a part only a v1 state has', async (test, guard) => {
    await writeProject(repo, {
      'client.js': client,
      'guarded.js': `${check('async function verdict(person)', `${guard}\n  return state.data.process.flow.decision.result.outcome === 'Decision: Pass' ? 'ok' : 'no';`)}module.exports = { verdict };\n`,
    });
    const run = await runCli(['.', '--journey-map', JOURNEY_MAP], repo);
    expect(run.stderr).toContain('0 migrated whole');
    expect(await readFile(join(repo, 'guarded.js'), 'utf8')).toContain(`this code tests ${test}, which a v2 state does not have`);
  });

  it('keeps the flow on v1 when the decision is serialised into a Lambda response body', async () => {
    await writeProject(repo, {
      'client.js': client,
      'api.js': check(
        'exports.handler = async (event) =>',
        'return { statusCode: 200, body: JSON.stringify({ verdict: state.data.process.flow.decision.result.outcome }) };',
      ).replace('{\n', '{\n  const person = JSON.parse(event.body);\n'),
    });
    const run = await runCli(['.', '--journey-map', JOURNEY_MAP], repo);
    expect(run.stderr).toContain('0 migrated whole');
    const api = await readFile(join(repo, 'api.js'), 'utf8');
    expect(api).toContain('state.data.process.flow.decision.result.outcome');
    expect(api).toContain('journey-codemod: unsupported [response.state-result] v2 keeps the overall decision in context.result');
  });

  it("keeps the flow on v1 when the status is serialised into a Lambda response body: v2 may say 'Error' for 'Failed'", async () => {
    await writeProject(repo, {
      'client.js': client,
      'api.js': check(
        'exports.handler = async (event) =>',
        'return { statusCode: 200, body: JSON.stringify({ status: state.status }) };',
      ).replace('{\n', '{\n  const person = JSON.parse(event.body);\n'),
    });
    const run = await runCli(['.', '--journey-map', JOURNEY_MAP], repo);
    expect(run.stderr).toContain('0 migrated whole');
    expect(await readFile(join(repo, 'api.js'), 'utf8')).toContain(
      "journey-codemod: unsupported [status.failure-spelling] a failed journey's status would read 'Failed' or 'Error' on v2",
    );
  });

  it('migrates a decision that JSON.stringify only hands to console.log', async () => {
    await writeProject(repo, {
      'client.js': client,
      'logged.js': `${check('async function verdict(person)', 'console.log(JSON.stringify({ verdict: state.data.process.flow.decision.result.outcome }));\n  return state.status;')}module.exports = { verdict };\n`,
      'caller.js': "const { verdict } = require('./logged');\nmodule.exports = async (p) => (await verdict(p)) === 'Completed';\n",
    });
    const run = await runCli(['.', '--journey-map', JOURNEY_MAP], repo);
    expect(run.stderr).toContain('1 migrated whole');
    expect(await readFile(join(repo, 'logged.js'), 'utf8')).toContain(
      'console.log(JSON.stringify({ verdict: requiredDecisionOf(state) }));',
    );
  });

  it('keeps the flow on v1 when a Step Functions task returns the decision, though a local driver in the run calls it', async () => {
    await writeProject(repo, {
      'client.js': client,
      'steps.js': check(
        'exports.decide = async (event) =>',
        'return { instanceId, decision: state.data.process.flow.decision.result.outcome };',
      ).replace('{\n', '{\n  const person = event.subject;\n'),
      'local.js': "const { decide } = require('./steps');\ndecide({ subject: {} }).then((out) => console.log('decision', out.decision));\n",
    });
    const run = await runCli(['.', '--journey-map', JOURNEY_MAP], repo);
    expect(run.stderr).toContain('0 migrated whole');
    const steps = await readFile(join(repo, 'steps.js'), 'utf8');
    expect(steps).toContain('journey-codemod: unsupported [response.state-result] v2 keeps the overall decision in context.result');
  });

  // The decision's own text is the decision: its comparison is rewritten as the decision's is.
  it.each([
    [
      'String()',
      "const o = state.data.process.flow.decision.result.outcome;\n  return String(o) === 'Decision: Pass';",
      "return String(o) === 'Accept';",
    ],
    [
      'a template literal',
      `return \`\${state.data.process.flow.decision.result.outcome}\` === 'Decision: Reject';`,
      `return \`\${requiredDecisionOf(state)}\` === 'Reject';`,
    ],
    [
      "+ ''",
      "return state.data.process.flow.decision.result.outcome + '' === 'Decision: Reject';",
      "return requiredDecisionOf(state) + '' === 'Reject';",
    ],
  ])(
    'migrates a decision wrapped in %s before it is compared with a v1 wording: requiredDecisionOf(state) and v2’s word',
    async (_, end, migrated) => {
      await writeProject(repo, {
        'client.js': client,
        'wrapped.js': `${check('async function verdict(person)', end)}module.exports = { verdict };\n`,
        'caller.js': "const { verdict } = require('./wrapped');\nmodule.exports = async (p) => ((await verdict(p)) ? 'yes' : 'no');\n",
      });
      const run = await runCli(['.', '--journey-map', JOURNEY_MAP], repo);
      expect(run.stderr).toContain('1 migrated whole');
      const wrapped = await readFile(join(repo, 'wrapped.js'), 'utf8');
      expect(wrapped).toContain(migrated);
      expect(wrapped).not.toContain('Decision: ');
      expect((await runCli(['.', '--journey-map', JOURNEY_MAP, '--check'], repo)).code).toBe(0);
    },
  );
});

// A value the decision or status may be instead of the read (`||`, `??`, a conditional, a default) is compared as
// the read is: a v1 wording there takes v2's word with the comparisons, and what may hold another keeps the flow v1.
describe('a decision or status read with a fallback', () => {
  /** One state fetch whose decision (or status) `end` reads: a flow of its own. */
  const verdict = (end: string, head = '') => `${head}async function verdict(token, instanceId, other) {
  const res = await fetch(process.env.JOURNEY_HOST + '/eu/captain/api/journey/state/fetch', { method: 'POST', headers: { authorization: 'Bearer ' + token, 'content-type': 'application/json' }, body: JSON.stringify({ instanceId }) });
  const state = await res.json();
  ${end}
}
module.exports = { verdict };
`;
  const READ = 'state.data.process.flow.decision?.result.outcome';

  it.each<[string, string, string[], string?]>([
    [
      "|| 'Decision: Reject' and a switch",
      `const decision = ${READ} || 'Decision: Reject';\n  switch (decision) {\n    case 'Decision: Reject': return false;\n    default: return true;\n  }`,
      ["const decision = decisionOf(state) || 'Reject';", "case 'Reject': return false;"],
    ],
    [
      "?? 'Decision: Manual review'",
      `const outcome = ${READ} ?? 'Decision: Manual review';\n  return outcome === 'Decision: Manual review' ? 'review' : 'done';`,
      ["const outcome = decisionOf(state) ?? 'Manual review';", "return outcome === 'Manual review'"],
    ],
    [
      'a conditional',
      `const decision = state.status === 'Completed' ? ${READ} : 'Decision: Reject';\n  return decision === 'Decision: Reject';`,
      ["? decisionOf(state) : 'Reject';", "return decision === 'Reject';"],
    ],
    [
      'a default parameter',
      `return judge(${READ});`,
      ["function judge(decision = 'Reject') { return decision === 'Reject'; }", 'return judge(decisionOf(state));'],
      "function judge(decision = 'Decision: Reject') { return decision === 'Decision: Reject'; }\n",
    ],
    [
      "??= 'Decision: Reject'",
      `let d = ${READ};\n  d ??= 'Decision: Reject';\n  return d === 'Decision: Reject';`,
      ["d ??= 'Reject';", "return d === 'Reject';"],
    ],
    [
      "||= 'Decision: Reject'",
      `let d = ${READ};\n  d ||= 'Decision: Reject';\n  return d === 'Decision: Reject';`,
      ["d ||= 'Reject';", "return d === 'Reject';"],
    ],
    [
      'an assignment of its own',
      `let d = ${READ};\n  if (!d) d = 'Decision: Reject';\n  return d === 'Decision: Reject';`,
      ["if (!d) d = 'Reject';", "return d === 'Reject';"],
    ],
  ])('migrates one falling back with %s: the fallback takes v2’s word with the comparisons', async (_, end, migrated, head) => {
    await writeProject(repo, { 'verdict.js': verdict(end, head) });
    const run = await runCli(['.', '--journey-map', JOURNEY_MAP], repo);
    expect(run.stderr).toContain('1 migrated whole');
    const written = await readFile(join(repo, 'verdict.js'), 'utf8');
    for (const text of migrated) expect(written).toContain(text);
    expect(written).not.toContain('Decision: ');
    expect((await runCli(['.', '--journey-map', JOURNEY_MAP, '--check'], repo)).code).toBe(0);
  });

  it.each([
    ['a parameter', `const d = ${READ} ?? other;`, 'falls back to other, whose words the codemod cannot rewrite'],
    ['a constant holding a v1 wording', `const d = ${READ} ?? REJECT;`, 'falls back to REJECT, whose words the codemod cannot rewrite'],
    ["v2's word", `const d = ${READ} || 'Reject';`, "it falls back to 'Reject', v2's word for a decision"],
  ])('keeps the flow on v1, marked, when the decision falls back to %s', async (_, read, marker) => {
    await writeProject(repo, {
      'verdict.js': verdict(`${read}\n  return d === 'Decision: Reject';`, "const REJECT = 'Decision: Reject';\n"),
    });
    const run = await runCli(['.', '--journey-map', JOURNEY_MAP], repo);
    expect(run.stderr).toContain('0 migrated whole');
    const written = await readFile(join(repo, 'verdict.js'), 'utf8');
    expect(written).toContain(`${read}\n`);
    expect(written).toContain(`journey-codemod: unsupported [response.decision-wording] `);
    expect(written).toContain(marker);
  });

  it.each([
    ["v2's word", "if (d === undefined) d = 'Reject';", "it falls back to 'Reject', v2's word for a decision"],
    ['a parameter', 'd ??= other;', 'falls back to other, whose words the codemod cannot rewrite'],
    ['destructuring', '({ d } = { d: other });', 'it is assigned again by { d } = { d: other }, a value the codemod cannot compare'],
    ['+=', "d += ' (checked)';", "it is assigned again by d += ' (checked)', a value the codemod cannot compare"],
  ])('keeps the flow on v1, marked, when the decision’s variable is assigned %s', async (_, write, marker) => {
    await writeProject(repo, { 'verdict.js': verdict(`let d = ${READ};\n  ${write}\n  return d === 'Decision: Reject';`) });
    const run = await runCli(['.', '--journey-map', JOURNEY_MAP], repo);
    expect(run.stderr).toContain('0 migrated whole');
    const written = await readFile(join(repo, 'verdict.js'), 'utf8');
    expect(written).toContain(`${write}\n  // journey-codemod:`);
    expect(written).toContain("return d === 'Decision: Reject';");
    expect(written).toContain('journey-codemod: unsupported [response.decision-wording] ');
    expect(written).toContain(marker);
  });

  it.each([
    ['a parameter', 's ??= other;', "this code falls back to other, which may hold 'Error'"],
    ["'Error'", "if (!s) s = 'Error';", "this code falls back to 'Error', which v2 spells a failed status with"],
  ])('keeps the flow on v1, marked, when the status’s variable is assigned %s', async (_, write, marker) => {
    await writeProject(repo, { 'verdict.js': verdict(`let s = state.status;\n  ${write}\n  return s === 'Failed';`) });
    expect((await runCli(['.', '--journey-map', JOURNEY_MAP], repo)).stderr).toContain('0 migrated whole');
    const written = await readFile(join(repo, 'verdict.js'), 'utf8');
    expect(written).toContain(`${write}\n  // journey-codemod:`);
    expect(written).toContain("return s === 'Failed';");
    expect(written).toContain('journey-codemod: unsupported [status.failure-spelling] ');
    expect(written).toContain(marker);
  });

  it('migrates a polling loop that assigns the status again from a second state fetch: both reads take v2’s words', async () => {
    const poll = `let s = state.status;
  while (s === 'InProgress') {
    const again = await fetch(process.env.JOURNEY_HOST + '/eu/captain/api/journey/state/fetch', { method: 'POST', headers: { authorization: 'Bearer ' + token, 'content-type': 'application/json' }, body: JSON.stringify({ instanceId }) });
    s = (await again.json()).status;
  }
  return s === 'Failed';`;
    await writeProject(repo, { 'verdict.js': verdict(poll) });
    expect((await runCli(['.', '--journey-map', JOURNEY_MAP], repo)).stderr).toContain('1 migrated whole, 0 left on v1');
    const written = await readFile(join(repo, 'verdict.js'), 'utf8');
    expect(written).not.toContain('journey-codemod:');
    expect(written).not.toContain('/captain/api/');
    expect(written).toContain("return s === 'Failed' || s === 'Error';");
  });

  it('keeps the flow on v1 when the decision entry falls back to an object the v2 read would not see', async () => {
    await writeProject(repo, {
      'verdict.js': verdict(
        "const result = state.data.process.flow.decision?.result ?? { outcome: 'Decision: Reject' };\n  return result.outcome === 'Decision: Reject';",
      ),
    });
    expect((await runCli(['.', '--journey-map', JOURNEY_MAP], repo)).stderr).toContain('0 migrated whole');
    const written = await readFile(join(repo, 'verdict.js'), 'utf8');
    expect(written).toContain("return result.outcome === 'Decision: Reject';");
    expect(written).toContain("it falls back to { outcome: 'Decision: Reject' }, which the v2 read of the state");
  });

  it("migrates a status falling back to a literal other than 'Error', and keeps one falling back to a parameter on v1", async () => {
    await writeProject(repo, {
      'verdict.js': verdict("const status = state.status || 'InProgress';\n  return status === 'Failed';"),
      'other.js': verdict("const status = state.status ?? other;\n  return status === 'Failed';"),
    });
    // One run each: their ids come from outside, and the one kept on v1 would keep the other with it.
    expect((await runCli(['verdict.js', '--journey-map', JOURNEY_MAP], repo)).stderr).toContain('1 migrated whole, 0 left on v1');
    expect((await runCli(['other.js', '--journey-map', JOURNEY_MAP], repo)).stderr).toContain('0 migrated whole, 1 left on v1');
    expect(await readFile(join(repo, 'verdict.js'), 'utf8')).toContain("return status === 'Failed' || status === 'Error';");
    const other = await readFile(join(repo, 'other.js'), 'utf8');
    expect(other).toContain("return status === 'Failed';");
    expect(other).toContain("this code falls back to other, which may hold 'Error'");
  });

  it.each([
    ["|| 'Decision: Reject'", `const decision = ${READ} || 'Decision: Reject';`],
    ["??= 'Decision: Reject'", `let decision = ${READ};\n  decision ??= 'Decision: Reject';`],
  ])('answers an undecided journey on v2 as on v1 once migrated: the fallback (%s) still rejects', async (_, read) => {
    // The simulator on loopback: a data check started on each side and given no data is undecided.
    const sim = createSimulator({ journeys: await loadJourneys(bundledJourneysDir), clock: { manual: true } });
    const running = await sim.listen();
    const token = sim.issueToken();
    const start = async (path: string, body: unknown) => {
      const response = await fetch(`${running.url}/eu/${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return ((await response.json()) as { instanceId: string }).instanceId;
    };
    const previousHost = process.env.JOURNEY_HOST;
    process.env.JOURNEY_HOST = running.url;
    try {
      const onV1 = await start('captain/api/journey/start', {
        resourceId: 'a1d7c3f0data-check-v1@latest',
        context: { config: { async: true }, subject: {} },
      });
      const onV2 = await start('v2/captain/journey/start', {
        resourceId: 'b2e8d4a1data-check-v2',
        context: { config: { delivery: 'api' }, subject: {} },
      });
      const end = `${read}\n  switch (decision) {\n    case 'Decision: Reject': return 'rejected';\n    default: return 'accepted';\n  }`;
      await writeProject(join(repo, 'v1'), { 'verdict.js': verdict(end) });
      await cp(join(repo, 'v1'), join(repo, 'v2'), { recursive: true });
      expect((await runCli(['.', '--journey-map', JOURNEY_MAP], join(repo, 'v2'))).stderr).toContain('1 migrated whole');
      const load = (dir: string) =>
        createRequire(import.meta.url)(join(repo, dir, 'verdict.js')) as { verdict(token: string, id: string): Promise<string> };
      expect(await load('v1').verdict(token, onV1)).toBe('rejected');
      expect(await load('v2').verdict(token, onV2)).toBe('rejected');
    } finally {
      if (previousHost === undefined) delete process.env.JOURNEY_HOST;
      else process.env.JOURNEY_HOST = previousHost;
      await running.close();
    }
  });
});
