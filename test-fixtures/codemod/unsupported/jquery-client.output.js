/* global $ */
var KYC = (function () {
  var API_ROOT = window.KYC_HOST + '/eu/captain/api/';

  function post(path, data) {
    // journey-codemod: unsupported [codemod.unrecognized-v1-url] a v1 URL (API_ROOT + 'journey/' + path) sent through a call the codemod does not recognise → v2: the v2 call for each request sent to it, bodies and answers too, not the URL alone (see the journey-codemod docs)
    return $.ajax({
      url: API_ROOT + 'journey/' + path,
      type: 'POST',
      contentType: 'application/json',
      headers: { Authorization: 'Bearer ' + window.KYC_TOKEN },
      data: JSON.stringify(data)
    });
  }

  function listTasks(instanceId, done) {
    var xhr = new XMLHttpRequest();
    // journey-codemod: unsupported [codemod.unrecognized-v1-url] v1 URL text outside a call the codemod recognises: "journey/task/list" → v2: the v2 call for each request sent to it, bodies and answers too, not the URL alone (see the journey-codemod docs)
    xhr.open('POST', API_ROOT + 'journey/task/list');
    xhr.setRequestHeader('Content-Type', 'application/json');
    xhr.onload = function () {
      var list = JSON.parse(xhr.responseText);
      done(list.tasks.length ? list.tasks[0].taskId : null);
    };
    xhr.send(JSON.stringify({ instanceId: instanceId }));
  }

  return {
    start: function () {
      // journey-codemod: unsupported [codemod.unrecognized-v1-url] a v1 URL (API_ROOT + 'journey/start') sent through a call the codemod does not recognise → v2: the v2 call for each request sent to it, bodies and answers too, not the URL alone (see the journey-codemod docs)
      return $.ajax({ url: API_ROOT + 'journey/start', type: 'POST', contentType: 'application/json',
        data: JSON.stringify({ resourceId: 'a1d7c3f0data-check-v1@latest', context: { config: { async: true }, subject: {} } }) });
    },
    listTasks: listTasks,
    submit: function (instanceId, taskId, subject) {
      // journey-codemod: unsupported [codemod.unrecognized-v1-url] sends 'task/update' to the v1 base at line 7 of this file through a call the codemod does not recognise → v2: the v2 call for each request sent to it, bodies and answers too, not the URL alone (see the journey-codemod docs)
      return post('task/update', { intent: 'Complete', instanceId: instanceId, taskId: taskId, context: { subject: subject } });
    },
    state: function (instanceId) {
      // journey-codemod: unsupported [codemod.unrecognized-v1-url] a v1 URL (API_ROOT + 'journey/state/fetch') sent through a call the codemod does not recognise → v2: the v2 call for each request sent to it, bodies and answers too, not the URL alone (see the journey-codemod docs)
      return $.post(API_ROOT + 'journey/state/fetch', JSON.stringify({ instanceId: instanceId })).then(function (s) {
        // journey-codemod: unsupported [response.state-result] a read of a v1 state (s.data.process.flow) the codemod could not tie to a v1 call → v2: moduleSteps(state) (the steps) and decisionOf(state) (the decision) of a v2 state
        return s.status === 'Failed' ? 'failed' : s.data.process.flow.decision ? s.data.process.flow.decision.result.outcome : 'pending';
      });
    }
  };
})();
