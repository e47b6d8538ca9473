'use strict';
const axios = require('axios');

const api = axios.create({ baseURL: process.env.JOURNEY_HOST + '/eu/captain/api/', timeout: 10000 });

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function authorize() {
  const form = new URLSearchParams({ grant_type: 'client_credentials', client_id: 'demo-client', client_secret: 'demo-secret' });
  const res = await axios.post(process.env.JOURNEY_HOST + '/as/token.oauth2', form.toString(), {
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  api.defaults.headers.common.Authorization = 'Bearer ' + res.data.access_token;
}

async function nextTask(instanceId) {
  let list = await api.post('journey/task/list', { instanceId });
  while (list.data.tasks.length === 0) {
    await sleep(20);
    list = await api.post('journey/task/list', { instanceId });
  }
  return list.data.tasks[0].taskId;
}

async function verifyDocument(images) {
  await authorize();
  const start = await api.post('journey/start', {
    resourceId: 'c3f9e5b2doc-selfie-v1@latest',
    context: { config: { async: true }, subject: {} },
  });
  const instanceId = start.data.instanceId;

  try {
    const documentTask = await nextTask(instanceId);
    await api.post('journey/task/update', {
      intent: 'Complete',
      instanceId,
      taskId: documentTask,
      context: { subject: { documents: [{ type: 'Primary', side1Image: images.front, side2Image: '' }] } },
    });
    const selfieTask = await nextTask(instanceId);
    await api.post('journey/task/update', {
      intent: 'Complete',
      instanceId,
      taskId: selfieTask,
      context: { subject: { biometrics: [{ selfieImage: images.selfie }] } },
    });
  } catch (error) {
    throw new Error('verification failed: ' + (error.response ? error.response.data.message : error.message));
  }

  let state = (await api.post('journey/state/fetch', { instanceId })).data;
  while (state.status === 'InProgress') {
    await sleep(20);
    state = (await api.post('journey/state/fetch', { instanceId })).data;
  }
  const outcomes = Object.values(state.data.process.flow)
    .map((entry) => entry.result.outcome)
    .filter((outcome) => !outcome.startsWith('Decision'))
    .sort();
  return { status: state.status, outcomes };
}

module.exports = { verifyDocument };
