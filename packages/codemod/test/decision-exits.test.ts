import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
    expect(await readFile(join(repo, 'logged.js'), 'utf8')).toContain('console.log(JSON.stringify({ verdict: decisionOf(state) }));');
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
      `return \`\${decisionOf(state)}\` === 'Reject';`,
    ],
    [
      "+ ''",
      "return state.data.process.flow.decision.result.outcome + '' === 'Decision: Reject';",
      "return decisionOf(state) + '' === 'Reject';",
    ],
  ])(
    'migrates a decision wrapped in %s before it is compared with a v1 wording: decisionOf(state) and v2’s word',
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
