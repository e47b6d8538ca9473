import axios from 'axios';

export async function schemaOf(instanceId: string, taskId: string) {
  const { data } = await axios.post('https://eu.platform.go.gbgplc.com/captain/api/journey/task/schema', { instanceId, taskId });
  return data;
}
