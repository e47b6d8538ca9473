// An onboarding backend's two routes, as a web app splits them: the draft route saves what the user typed on each
// page (a v1 Save keeps a draft), the submit route finds the task again by listing the tasks, completes it, and waits
// for the decision. Neither keeps the other's taskId: the instance id is all the session holds.
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function call(session, path, body) {
  const response = await fetch(process.env.JOURNEY_V1_BASE_URL + 'journey/' + path, {
    method: 'POST',
    headers: { Authorization: 'Bearer ' + session.token, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(path + ' answered ' + response.status + ': ' + (await response.text()));
  return response.json();
}

/** Lists the tasks until one is there: the task may not be listed yet right after the start. */
async function currentTask(session) {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const list = await call(session, 'task/list', { instanceId: session.instanceId });
    if (list.tasks[0]) return list.tasks[0].taskId;
    await sleep(Number(process.env.JOURNEY_POLL_MS || 1000));
  }
  throw new Error('no task to complete on instance ' + session.instanceId);
}

exports.start = async function start(session) {
  const started = await call(session, 'start', { resourceId: 'a1d7c3f0data-check-v1@latest', context: { config: { async: true }, subject: {} } });
  session.instanceId = started.instanceId;
};

exports.saveDraft = async function saveDraft(session, person) {
  const taskId = await currentTask(session);
  await call(session, 'task/update', { intent: 'Save', instanceId: session.instanceId, taskId, context: { subject: { identity: person } } });
};

exports.submit = async function submit(session, person) {
  const taskId = await currentTask(session);
  await call(session, 'task/update', { intent: 'Complete', instanceId: session.instanceId, taskId, context: { subject: { identity: person } } });
  let state;
  do {
    if (state) await sleep(Number(process.env.JOURNEY_POLL_MS || 1000));
    state = await call(session, 'state/fetch', { instanceId: session.instanceId });
  } while (state.status === 'InProgress');
  return { instanceId: session.instanceId, status: state.status, decision: state.data.process.flow.decision.result.outcome };
};
