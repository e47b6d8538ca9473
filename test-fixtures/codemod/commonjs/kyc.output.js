'use strict';
const { startJourney, listTasks, completeTask, fetchState } = require('./kyc-api');
const cfg = require('./kyc-config');
const { interactionIdToSubmit, pendingInteractionId, requiredDecisionOf } = require('./journey-v2.cjs');

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
  if (state.status === 'Failed' || state.status === 'Error') return 'error';
  var outcome = requiredDecisionOf(state);
  if (outcome === 'Accept') return 'approve';
  if (outcome === 'Reject') return 'decline';
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
      if (pendingInteractionId(list) === undefined) throw new Error('no task to complete');
      return completeTask(instanceId, interactionIdToSubmit(list), applicant);
    })
    .then(function () { return waitForState(instanceId); })
    .then(function (state) {
      done(null, { instanceId: instanceId, failed: (state.status === 'Failed' || state.status === 'Error'), verdict: verdictOf(state) });
    })
    .catch(function (err) {
      done(err);
    });
}

module.exports = { runKyc: runKyc, verdictOf: verdictOf };
