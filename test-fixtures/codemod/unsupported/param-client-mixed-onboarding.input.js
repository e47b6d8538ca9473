// A helper's untyped parameter given an instance by one caller and a plain object by another: its calls stay v1.
const JourneyClient = require('./param-client-mixed-client');

const wait = (ms) => new Promise((r) => setTimeout(r, ms));

async function waitForTask(client, instanceId) {
  for (let i = 0; i < 100; i++) {
    const list = await client.listTasks(instanceId);
    if (list.tasks.length > 0) return list.tasks[0].taskId;
    await wait(30);
  }
  throw new Error('no task');
}

async function onboard(token, images) {
  const client = new JourneyClient(token);
  const instanceId = await client.startJourney({});
  const taskId = await waitForTask(client, instanceId);
  await client.updateTask(instanceId, taskId, { documents: [{ type: 'Primary', side1Image: images.front }] });
  let state = await client.fetchState(instanceId);
  while (state.status === 'InProgress') {
    await wait(50);
    state = await client.fetchState(instanceId);
  }
  return state.status === 'Failed' ? 'error' : 'done';
}

async function replay(recorded) {
  const cache = { listTasks: async () => ({ tasks: recorded }) };
  return waitForTask(cache, 'recorded');
}

module.exports = { onboard, replay };
