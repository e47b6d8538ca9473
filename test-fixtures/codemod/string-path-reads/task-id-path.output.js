import { get } from 'lodash';

const JOURNEY = 'https://eu.platform.go.gbgplc.com/captain/api/journey/';

async function post(path, body) {
  // journey-codemod: unsupported [codemod.shared-constant] shares the literal at line 3 of this file with the v1 code at line 16 of this file, which stays v1
  const res = await fetch(JOURNEY + path, { method: 'POST', body: JSON.stringify(body) });
  return res.json();
}

// v2 lists no tasks: the path would find no task id, and the update would go out without one.
export async function verify(subject) {
  // journey-codemod: unsupported [codemod.shared-constant] shares the literal at line 3 of this file with the v1 code at line 16 of this file, which stays v1
  const { instanceId } = await post('start', { resourceId: 'c3f9e5b2doc-selfie-v1@latest', context: { config: { async: true }, subject } });
  // journey-codemod: unsupported [endpoint.task-list] its result is read at line 18 in a way that has no v2 counterpart → v2: pendingInteractionId(list) of the generated journey-v2 module (undefined while modules run and once the journey has ended), journey.status, outstanding[]
  const list = await post('task/list', { instanceId });
  // journey-codemod: unsupported [endpoint.task-list] the v1 answer is handed to get, which the codemod does not see, and what it returns is used here: it may be a part of the answer in v1's shape (a field a path names), which the codemod cannot rewrite → v2: pendingInteractionId(list) of the generated journey-v2 module (undefined while modules run and once the journey has ended), journey.status, outstanding[]
  const taskId = get(list, 'tasks[0].taskId');
  // journey-codemod: unsupported [codemod.shared-constant] shares the literal at line 3 of this file with the v1 code at line 16 of this file, which stays v1
  await post('task/update', { intent: 'Complete', instanceId, taskId, context: { subject } });
}
