import axios from 'axios';

export async function update(request: object) {
  // journey-codemod: unsupported [codemod.opaque-body] the task update body is not visible in the code → v2: { instanceId, interactionId, participants: [{ domainElementId: 'FullName' }], context: { subject } }
  return axios.post('https://eu.platform.go.gbgplc.com/captain/api/journey/task/update', request);
}
