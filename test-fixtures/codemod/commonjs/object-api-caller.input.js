'use strict';
// Reads what the methods of the object `require` answers: followed into them as into exported functions.
const api = require('./object-api');

function completeFirstTask(instanceId, applicant) {
  return api.listTasks(instanceId).then(function (list) {
    if (list.tasks.length === 0) throw new Error('no task to complete');
    return api.completeTask(instanceId, list.tasks[0].taskId, applicant);
  });
}

function verdict(instanceId) {
  return api.fetchState(instanceId).then(function (state) {
    if (state.status === 'Failed') return 'error';
    return state.data.process.flow.decision.result.outcome === 'Decision: Pass' ? 'approve' : 'refer';
  });
}

module.exports = { completeFirstTask: completeFirstTask, verdict: verdict };
