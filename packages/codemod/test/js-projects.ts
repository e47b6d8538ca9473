import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { commitAll } from '../../../test/support/git.js';

/** A data check over the global fetch, as a plain JavaScript module writes it: nothing required, nothing imported. */
export const SIGN_UP_CHECK = `'use strict';
const HOST = process.env.JOURNEY_HOST;

function post(url, token, body) {
  return fetch(url, {
    method: 'POST',
    headers: { authorization: 'Bearer ' + token, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  }).then(function (res) {
    return res.json();
  });
}

async function signUpCheck(token, identity) {
  const started = await post(\`\${HOST}/eu/captain/api/journey/start\`, token, {
    resourceId: 'a1d7c3f0data-check-v1@latest',
    context: { config: { async: true }, subject: {} },
  });
  const list = await post(\`\${HOST}/eu/captain/api/journey/task/list\`, token, { instanceId: started.instanceId });
  await post(\`\${HOST}/eu/captain/api/journey/task/update\`, token, {
    intent: 'Complete',
    instanceId: started.instanceId,
    taskId: list.tasks[0].taskId,
    context: { subject: { identity } },
  });
  const state = await post(\`\${HOST}/eu/captain/api/journey/state/fetch\`, token, { instanceId: started.instanceId });
  return state.data.process.flow.decision.result.outcome === 'Decision: Pass' ? 'ok' : 'no';
}
`;

/** Writes `files` (paths relative to `dir`): a project outside any git tree, where the codemod checks no commits. */
export async function writeProject(dir: string, files: Readonly<Record<string, string>>): Promise<void> {
  for (const [path, text] of Object.entries(files)) {
    await mkdir(join(dir, path, '..'), { recursive: true });
    await writeFile(join(dir, path), text);
  }
}

/**
 * Writes `files` and commits them: the clean git tree a team runs the codemod in, for the tests where the tree
 * matters (the refusal to write over uncommitted changes, the repository root). Elsewhere {@link writeProject}
 * spares the test worker a fork per commit, the largest cost of this suite.
 */
export async function commitProject(dir: string, files: Readonly<Record<string, string>>): Promise<void> {
  await writeProject(dir, files);
  await commitAll(dir);
}
