const axios = require('axios');

class Client {
  constructor(token) {
    this.token = token;
  }

  headers() {
    return { headers: { authorization: `Bearer ${this.token}` } };
  }

  async complete(instanceId, taskId, subject) {
    await axios.post('https://eu.platform.go.gbgplc.com/captain/api/journey/task/update', { intent: 'Complete', instanceId, taskId, context: { subject } }, this.headers());
  }
}

module.exports = Client;
