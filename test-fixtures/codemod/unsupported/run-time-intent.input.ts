import axios from 'axios';

export async function updatePage(instanceId: string, taskId: string, subject: object, isLast: boolean) {
  return axios.post('https://eu.platform.go.gbgplc.com/captain/api/journey/task/update', {
    intent: isLast ? 'Complete' : 'Save',
    instanceId,
    taskId,
    context: { subject },
  });
}
