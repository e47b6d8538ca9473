import axios from 'axios';

export async function saveDraft(instanceId: string, taskId: string, subject: object) {
  return axios.post('https://eu.platform.go.gbgplc.com/captain/api/journey/task/update', { intent: 'Save', instanceId, taskId, context: { subject } });
}
