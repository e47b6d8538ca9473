import axios from 'axios';

// Two things to check at one start: one marker says both.
export async function start(resourceId: string, subject: object) {
  // journey-codemod: needs-review [request.start-resource-id] resourceId must hold the v2 resourceId (v1 and v2 ids differ); [request.start-async] v1 ran this start synchronously; v2 answers at once with the instanceId only → v2: the resourceId of the v2 publication; wait with waitForResult(start, (instanceId) => <state fetch>) before reading results
  const { data } = await axios.post('https://eu.platform.go.gbgplc.com/v2/captain/journey/start', { resourceId, context: { config: { delivery: 'api' }, subject } });
  return data;
}
