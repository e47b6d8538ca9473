import axios from 'axios';

export async function schemaOf(taskId: string) {
  const { data } = await axios.post('https://eu.platform.go.gbgplc.com/captain/api/journey/task/schema', { taskId });
  return data;
}
