'use strict';
const { startJourney, listTasks, completeTask, fetchState } = require('./kyc-api');
const cfg = require('./kyc-config');

function sleep(ms) {
  return new Promise(function (resolve) { setTimeout(resolve, ms); });
}

// Poll until the journey leaves InProgress, then hand back the state.
function waitForState(instanceId) {
  return fetchState(instanceId).then(function (state) {
    if (state.status === 'InProgress') {
      return sleep(cfg.pollMs).then(function () { return waitForState(instanceId); });
    }
    return state;
  });
}

function verdictOf(state) {
  if (state.status === 'Failed') return 'error';
  var outcome = state.data.process.flow.decision.result.outcome;
  if (outcome === 'Decision: Pass') return 'approve';
  if (outcome === 'Decision: Reject') return 'decline';
  return 'refer';
}

function runKyc(applicant, done) {
  var instanceId;
  startJourney(cfg.journeys.dataCheck)
    .then(function (started) {
      instanceId = started.instanceId;
      return listTasks(instanceId);
    })
    .then(function (list) {
      if (list.tasks.length === 0) throw new Error('no task to complete');
      return completeTask(instanceId, list.tasks[0].taskId, applicant);
    })
    .then(function () { return waitForState(instanceId); })
    .then(function (state) {
      done(null, { instanceId: instanceId, failed: state.status === 'Failed', verdict: verdictOf(state) });
    })
    .catch(function (err) {
      done(err);
    });
}

module.exports = { runKyc: runKyc, verdictOf: verdictOf };
