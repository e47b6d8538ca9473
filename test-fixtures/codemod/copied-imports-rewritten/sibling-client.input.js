const axios = require('axios');
const { authHeaders: ah } = require('./sibling-auth');

async function complete(instanceId, taskId, subject, token) {
  await axios.post('https://eu.platform.go.gbgplc.com/captain/api/journey/task/update', { intent: 'Complete', instanceId, taskId, context: { subject } }, { headers: ah(token) });
}
module.exports = { complete };
