import axios from 'axios';

export async function start(subject: object) {
  const { data } = await axios.post('https://eu.platform.go.gbgplc.com/captain/api/journey/start', {
    resourceId: 'c3f9e5b2doc-selfie-v1@latest',
    context: { subject },
  });
  return data;
}
