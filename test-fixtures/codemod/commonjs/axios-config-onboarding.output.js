// The class used in another file: the task list and the state read as the bodies its methods hand back.
const { JourneyClient } = require('./axios-config-client');
const { interactionIdToSubmit, pendingInteractionId } = require('./journey-v2.cjs');

const wait = (ms) => new Promise((r) => setTimeout(r, ms));

async function onboard(token, images) {
  const client = new JourneyClient(token);
  const instanceId = await client.startJourney({});
  let list = await client.listTasks(instanceId);
  while (pendingInteractionId(list) === undefined) {
    await wait(30);
    list = await client.listTasks(instanceId);
  }
  await client.updateTask(instanceId, interactionIdToSubmit(list), { documents: [{ type: 'Primary', side1Image: images.front }] });
  let state = await client.fetchState(instanceId);
  while (state.status === 'InProgress') {
    await wait(50);
    state = await client.fetchState(instanceId);
  }
  return (state.status === 'Failed' || state.status === 'Error') ? 'error' : 'done';
}

module.exports = { onboard };
