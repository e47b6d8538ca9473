// The instance passed to a helper's untyped parameter by every call of it: calls on the parameter are the class's.
const JourneyClient = require('./param-client-client');
const { interactionIdToSubmit, pendingInteractionId } = require('./journey-v2.cjs');

const wait = (ms) => new Promise((r) => setTimeout(r, ms));

async function waitForTask(client, instanceId) {
  for (let i = 0; i < 100; i++) {
    const list = await client.listTasks(instanceId);
    if (pendingInteractionId(list) !== undefined) return interactionIdToSubmit(list);
    await wait(30);
  }
  throw new Error('no task');
}

async function onboard(token, images) {
  const client = new JourneyClient(token);
  const instanceId = await client.startJourney({});
  const docTask = await waitForTask(client, instanceId);
  await client.updateTask(instanceId, docTask, { documents: [{ type: 'Primary', side1Image: images.front }] });
  const selfieTask = await waitForTask(client, instanceId);
  await client.updateTask(instanceId, selfieTask, { biometrics: [{ selfieImage: images.selfie }] });
  let state = await client.fetchState(instanceId);
  while (state.status === 'InProgress') {
    await wait(50);
    state = await client.fetchState(instanceId);
  }
  return (state.status === 'Failed' || state.status === 'Error') ? 'error' : 'done';
}

module.exports = { onboard };
