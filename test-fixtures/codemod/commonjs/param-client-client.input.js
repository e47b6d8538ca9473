// A client class that is the whole of its module, its instances passed to a helper function that takes them untyped.
const { http, DOC_SELFIE } = require('./param-client-http');

class JourneyClient {
  constructor(token) {
    this.token = token;
  }

  headers() {
    return { headers: { Authorization: `Bearer ${this.token}` } };
  }

  startJourney(subject) {
    return http
      .post('journey/start', { resourceId: DOC_SELFIE, context: { config: { async: true }, subject } }, this.headers())
      .then((res) => res.data.instanceId);
  }

  listTasks(instanceId) {
    return http.post('journey/task/list', { instanceId }, this.headers()).then((res) => res.data);
  }

  updateTask(instanceId, taskId, subject) {
    return http.post('journey/task/update', { intent: 'Complete', instanceId, taskId, context: { subject } }, this.headers());
  }

  fetchState(instanceId) {
    return http.post('journey/state/fetch', { instanceId }, this.headers()).then((res) => res.data);
  }
}

module.exports = JourneyClient;
