import ky from 'ky';

// ky puts a slash between a prefix that lacks one and the path.
const api = ky.create({ prefixUrl: 'https://eu.platform.go.gbgplc.com/captain/api' });

export async function firstTask(instanceId) {
  const list = await api.post('journey/task/list', { json: { instanceId } }).json();
  return list.tasks[0]?.taskId;
}
