import axios from 'axios';

export async function schemaOf(taskId: string) {
  // journey-codemod: unsupported [endpoint.task-schema] v2 fetches the interaction by instanceId; a taskId alone does not name it → v2: journey/interaction/fetch { instanceId }: the interaction carries collects[] { ref, spec } and outstanding[]
  const { data } = await axios.post('https://eu.platform.go.gbgplc.com/captain/api/journey/task/schema', { taskId });
  return data;
}
