'use strict';
const axios = require('axios');
const { TASK_UPDATE } = require('./constants.cjs');

async function completeSelfie(instanceId, taskId, selfieImage) {
  await axios.post(TASK_UPDATE, { intent: 'Complete', instanceId, taskId, context: { subject: { biometrics: [{ selfieImage }] } } });
}

module.exports = { completeSelfie };
