import axios from 'axios';

export async function start(subject: object) {
  const { data } = await axios.post('https://eu.platform.go.gbgplc.com/captain/api/journey/start', {
    resourceId: process.env.JOURNEY_ID,
    context: { config: { async: true }, subject },
  });
  return data.instanceId;
}
