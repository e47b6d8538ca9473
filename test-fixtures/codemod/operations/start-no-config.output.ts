import axios from 'axios';

export async function start(subject: object) {
  // journey-codemod: needs-review [request.start-async] v1 ran this start synchronously; v2 answers at once with the instanceId only → v2: wait with waitForResult(start, (instanceId) => <state fetch>) before reading results
  const { data } = await axios.post('https://eu.platform.go.gbgplc.com/v2/captain/journey/start', {
    resourceId: 'd4a0f6c3doc-selfie-v2@latest',
    context: { config: { delivery: 'api' }, subject },
  });
  return data;
}
