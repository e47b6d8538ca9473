// Calls through that instance, reading axios's { data }.
const { http } = require('./axios-auth-http');
const { interactionIdToSubmit, pendingInteractionId } = require('./journey-v2.cjs');

async function firstTask(instanceId) {
  const { data } = await http.post('journey/interaction/fetch', { instanceId });
  return pendingInteractionId(data) === undefined ? undefined : interactionIdToSubmit(data);
}

module.exports = { firstTask };
