import axios from 'axios';

const journeys = axios.create({ baseURL: 'https://eu.platform.go.gbgplc.com/captain/api/' });

async function post(path: string, token: string, body: object) {
  const { data } = await journeys.post(path, body, { headers: { Authorization: `Bearer ${token}` } });
  return data;
}

export async function completeAll(token: string, instanceId: string) {
  const list = await post('journey/task/list', token, { instanceId });
  for (const task of list.tasks) {
    await post('journey/task/update', token, {
      intent: 'Complete',
      instanceId,
      taskId: task.taskId,
      context: { subject: { identity: { dateOfBirth: '1990-01-01' } } },
    });
  }
}
