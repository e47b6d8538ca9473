'use strict';
const request = require('superagent');
const cfg = require('./kyc-config');

let cachedToken = null;

function getToken() {
  if (cachedToken) return Promise.resolve(cachedToken);
  return request
  .post(cfg.tokenUrl)
  .type('form')
  .send({ grant_type: 'client_credentials', client_id: cfg.clientId, client_secret: cfg.clientSecret })
  .then(function (res) {
    cachedToken = res.body.access_token;
    return cachedToken;
  });
}

function startJourney(resourceId, subject) {
  return getToken().then(function (token) {
    return request
      .post(`${cfg.base}/journey/start`)
      .set('Authorization', 'Bearer ' + token)
      .send({ resourceId: resourceId, context: { config: { async: true }, subject: subject || {} } });
  }).then(function (res) { return res.body; });
}

function listTasks(instanceId) {
  return getToken().then(function (token) {
    return request
      .post(`${cfg.base}/journey/task/list`)
      .set('Authorization', 'Bearer ' + token)
      .send({ instanceId: instanceId });
  }).then(function (res) { return res.body; });
}

function completeTask(instanceId, taskId, subject) {
  return getToken().then(function (token) {
    return request
      .post(`${cfg.base}/journey/task/update`)
      .set('Authorization', 'Bearer ' + token)
      .send({ intent: 'Complete', instanceId: instanceId, taskId: taskId, context: { subject: subject } });
  }).then(function (res) { return res.body; });
}

function fetchState(instanceId) {
  return getToken().then(function (token) {
    return request
      .post(`${cfg.base}/journey/state/fetch`)
      .set('Authorization', 'Bearer ' + token)
      .send({ instanceId: instanceId });
  }).then(function (res) { return res.body; });
}

module.exports = { startJourney, listTasks, completeTask, fetchState };
