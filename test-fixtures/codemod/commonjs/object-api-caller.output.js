'use strict';
// Reads what the methods of the object `require` answers: followed into them as into exported functions.
const api = require('./object-api');
const { interactionIdToSubmit, pendingInteractionId, requiredDecisionOf } = require('./journey-v2.cjs');

function completeFirstTask(instanceId, applicant) {
  return api.listTasks(instanceId).then(function (list) {
    if (pendingInteractionId(list) === undefined) throw new Error('no task to complete');
    return api.completeTask(instanceId, interactionIdToSubmit(list), applicant);
  });
}

function verdict(instanceId) {
  return api.fetchState(instanceId).then(function (state) {
    if (state.status === 'Failed' || state.status === 'Error') return 'error';
    return requiredDecisionOf(state) === 'Accept' ? 'approve' : 'refer';
  });
}

module.exports = { completeFirstTask: completeFirstTask, verdict: verdict };
