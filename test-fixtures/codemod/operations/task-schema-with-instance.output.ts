import axios from 'axios';

export async function schemaOf(instanceId: string, taskId: string) {
  // journey-codemod: needs-review [endpoint.task-schema] the interaction response carries the schema information (collects, spec, outstanding), not a JSON Schema → v2: journey/interaction/fetch { instanceId }: the interaction carries collects[] { ref, spec } and outstanding[]
  const { data } = await axios.post('https://eu.platform.go.gbgplc.com/v2/captain/journey/interaction/fetch', { instanceId });
  return data;
}
