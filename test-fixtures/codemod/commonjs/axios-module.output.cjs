'use strict';
const axios = require('axios');
const { participantsFor } = require('./journey-v2.cjs');

const BASE = 'https://eu.platform.go.gbgplc.com/v2/captain';

async function submit(instanceId, taskId, subject) {
  const response = await axios.post(BASE + '/journey/interaction/submit', { instanceId, interactionId: taskId, participants: participantsFor(await axios.post(BASE + '/journey/interaction/fetch', { instanceId }).then((response) => response.data), subject), context: { subject } });
  return response.data;
}

module.exports = { submit };
