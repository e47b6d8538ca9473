import axios from 'axios';

export async function startAndWait(subject: object) {
  // journey-codemod: needs-review [request.start-async] v1 ran this start synchronously; v2 answers at once with the instanceId only → v2: wait with waitForResult(start, (instanceId) => <state fetch>) before reading results
  const { data } = await axios.post('https://eu.platform.go.gbgplc.com/v2/captain/journey/start', {
    resourceId: 'b2e8d4a1data-check-v2@latest',
    context: {
      config: { delivery: 'api' },
      subject,
    },
  });
  return data;
}
