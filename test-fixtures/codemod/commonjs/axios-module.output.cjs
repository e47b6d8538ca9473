'use strict';
const axios = require('axios');
const { participantsFor } = require('@journey-bridge/codemod/runtime');

const BASE = 'https://eu.platform.go.gbgplc.com/v2/captain';

async function submit(instanceId, taskId, subject) {
  const response = await axios.post(BASE + '/journey/interaction/submit', { instanceId, interactionId: taskId, participants: participantsFor(subject), context: { subject } });
  return response.data;
}

module.exports = { submit };
