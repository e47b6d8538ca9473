'use strict';
const axios = require('axios');

const BASE = 'https://eu.platform.go.gbgplc.com/captain/api';

async function submit(instanceId, taskId, subject) {
  const response = await axios.post(BASE + '/journey/task/update', { intent: 'Complete', instanceId, taskId, context: { subject } });
  return response.data;
}

module.exports = { submit };
