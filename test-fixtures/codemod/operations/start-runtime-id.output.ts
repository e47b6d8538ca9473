import axios from 'axios';

export async function start(subject: object) {
  // journey-codemod: needs-review [request.start-resource-id] process.env.JOURNEY_ID must hold the v2 resourceId (v1 and v2 ids differ) → v2: the resourceId of the v2 publication
  const { data } = await axios.post('https://eu.platform.go.gbgplc.com/v2/captain/journey/start', {
    resourceId: process.env.JOURNEY_ID,
    context: { config: { delivery: 'api' }, subject },
  });
  return data.instanceId;
}
