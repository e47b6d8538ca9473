var http = require('http');
var url = require('url');

var HOST = process.env.JOURNEY_HOST || 'https://eu.platform.go.gbgplc.com';
var API = HOST + '/eu/captain/api/journey/';

function call(token, path, payload, callback) {
  // journey-codemod: unsupported [codemod.unrecognized-v1-url] a v1 URL (API + path) sent through a call the codemod does not recognise → v2: the v2 call for each request sent to it, bodies and answers too, not the URL alone (see the journey-codemod docs)
  var target = url.parse(API + path);
  var data = JSON.stringify(payload);
  var req = http.request({
    hostname: target.hostname,
    port: target.port,
    path: target.path,
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(data), Authorization: 'Bearer ' + token }
  }, function (res) {
    var chunks = '';
    res.on('data', function (c) { chunks += c; });
    res.on('end', function () {
      var body;
      try { body = JSON.parse(chunks); } catch (e) { return callback(e); }
      if (res.statusCode >= 400) return callback(new Error(body.message));
      callback(null, body);
    });
  });
  req.on('error', callback);
  req.write(data);
  req.end();
}

exports.start = function (token, subject, cb) {
  // journey-codemod: unsupported [codemod.unrecognized-v1-url] sends 'start' to the v1 base at line 8 of this file through a call the codemod does not recognise → v2: the v2 call for each request sent to it, bodies and answers too, not the URL alone (see the journey-codemod docs)
  call(token, 'start', { resourceId: 'a1d7c3f0data-check-v1@latest', context: { config: { async: false }, subject: subject } }, function (err, res) {
    if (err) return cb(err);
    cb(null, res.instanceId);
  });
};

exports.nextTask = function (token, instanceId, cb) {
  // journey-codemod: unsupported [codemod.unrecognized-v1-url] sends 'task/list' to the v1 base at line 8 of this file through a call the codemod does not recognise → v2: the v2 call for each request sent to it, bodies and answers too, not the URL alone (see the journey-codemod docs)
  call(token, 'task/list', { instanceId: instanceId }, function (err, list) {
    if (err) return cb(err);
    var task = list.tasks.shift();
    cb(null, task ? task.taskId : null);
  });
};

exports.complete = function (token, instanceId, taskId, subject, cb) {
  // journey-codemod: unsupported [codemod.unrecognized-v1-url] sends 'task/update' to the v1 base at line 8 of this file through a call the codemod does not recognise → v2: the v2 call for each request sent to it, bodies and answers too, not the URL alone (see the journey-codemod docs)
  call(token, 'task/update', { intent: 'Complete', instanceId: instanceId, taskId: taskId, context: { subject: subject } }, cb);
};

exports.poll = function (token, instanceId, cb) {
  function tick() {
    // journey-codemod: unsupported [codemod.unrecognized-v1-url] sends 'state/fetch' to the v1 base at line 8 of this file through a call the codemod does not recognise → v2: the v2 call for each request sent to it, bodies and answers too, not the URL alone (see the journey-codemod docs)
    call(token, 'state/fetch', { instanceId: instanceId }, function (err, state) {
      if (err) return cb(err);
      if (['Completed', 'Failed'].indexOf(state.status) === -1) return setTimeout(tick, 100);
      cb(null, state);
    });
  }
  tick();
};
