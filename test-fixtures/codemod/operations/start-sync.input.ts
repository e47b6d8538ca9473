import axios from 'axios';

export async function startAndWait(subject: object) {
  const { data } = await axios.post('https://eu.platform.go.gbgplc.com/captain/api/journey/start', {
    resourceId: 'a1d7c3f0data-check-v1@latest',
    context: {
      config: { delivery: 'api' },
      subject,
    },
  });
  return data;
}
