var http = require('http');
var url = require('url');

var HOST = process.env.JOURNEY_HOST || 'https://eu.platform.go.gbgplc.com';
var API = HOST + '/eu/captain/api/journey/';

function call(token, path, payload, callback) {
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
  call(token, 'start', { resourceId: 'a1d7c3f0data-check-v1@latest', context: { config: { async: false }, subject: subject } }, function (err, res) {
    if (err) return cb(err);
    cb(null, res.instanceId);
  });
};

exports.nextTask = function (token, instanceId, cb) {
  call(token, 'task/list', { instanceId: instanceId }, function (err, list) {
    if (err) return cb(err);
    var task = list.tasks.shift();
    cb(null, task ? task.taskId : null);
  });
};

exports.complete = function (token, instanceId, taskId, subject, cb) {
  call(token, 'task/update', { intent: 'Complete', instanceId: instanceId, taskId: taskId, context: { subject: subject } }, cb);
};

exports.poll = function (token, instanceId, cb) {
  function tick() {
    call(token, 'state/fetch', { instanceId: instanceId }, function (err, state) {
      if (err) return cb(err);
      if (['Completed', 'Failed'].indexOf(state.status) === -1) return setTimeout(tick, 100);
      cb(null, state);
    });
  }
  tick();
};
