// A client class that is the whole of its module, its instances passed to a helper another caller gives something else.
const { http, DOC_SELFIE } = require('./param-client-mixed-http');

class JourneyClient {
  constructor(token) {
    this.token = token;
  }

  headers() {
    return { headers: { Authorization: `Bearer ${this.token}` } };
  }

  startJourney(subject) {
    // journey-codemod: unsupported [codemod.unfollowed-instance] its instance is sent at line 10 of param-client-mixed-onboarding.js to code the codemod cannot read, which may call v1 with it → v2: send the id only through functions of the project whose requests name their v1 path (a literal or a constant), or migrate those calls with this flow by hand
    return http
      .post('journey/start', { resourceId: DOC_SELFIE, context: { config: { async: true }, subject } }, this.headers())
      .then((res) => res.data.instanceId);
  }

  listTasks(instanceId) {
    // journey-codemod: unsupported [endpoint.task-list] the answer may be returned to client.listTasks at line 10 of param-client-mixed-onboarding.js, whose receiver the codemod cannot resolve → v2: pendingInteractionId(list) of the generated journey-v2 module (undefined while modules run and once the journey has ended), journey.status, outstanding[]
    return http.post('journey/task/list', { instanceId }, this.headers()).then((res) => res.data);
  }

  updateTask(instanceId, taskId, subject) {
    // journey-codemod: unsupported [codemod.shared-constant] shares the literal at line 7 of param-client-mixed-http.js with the v1 code at line 22 of this file, which stays v1
    return http.post('journey/task/update', { intent: 'Complete', instanceId, taskId, context: { subject } }, this.headers());
  }

  fetchState(instanceId) {
    // journey-codemod: unsupported [codemod.shared-constant] shares the literal at line 7 of param-client-mixed-http.js with the v1 code at line 22 of this file, which stays v1
    return http.post('journey/state/fetch', { instanceId }, this.headers()).then((res) => res.data);
  }
}

module.exports = JourneyClient;
