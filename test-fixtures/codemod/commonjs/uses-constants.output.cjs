'use strict';
const axios = require('axios');
const { TASK_UPDATE } = require('./constants.cjs');

async function completeSelfie(instanceId, taskId, selfieImage) {
  await axios.post(TASK_UPDATE, { instanceId, interactionId: taskId, participants: [{ domainElementId: 'Selfie' }], context: { subject: { biometrics: [{ selfieImage }] } } });
}

module.exports = { completeSelfie };
