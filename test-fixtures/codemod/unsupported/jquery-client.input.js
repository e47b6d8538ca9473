/* global $ */
var KYC = (function () {
  var API_ROOT = window.KYC_HOST + '/eu/captain/api/';

  function post(path, data) {
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
      return $.ajax({ url: API_ROOT + 'journey/start', type: 'POST', contentType: 'application/json',
        data: JSON.stringify({ resourceId: 'a1d7c3f0data-check-v1@latest', context: { config: { async: true }, subject: {} } }) });
    },
    listTasks: listTasks,
    submit: function (instanceId, taskId, subject) {
      return post('task/update', { intent: 'Complete', instanceId: instanceId, taskId: taskId, context: { subject: subject } });
    },
    state: function (instanceId) {
      return $.post(API_ROOT + 'journey/state/fetch', JSON.stringify({ instanceId: instanceId })).then(function (s) {
        return s.status === 'Failed' ? 'failed' : s.data.process.flow.decision ? s.data.process.flow.decision.result.outcome : 'pending';
      });
    }
  };
})();
