import axios from 'axios';

// Two things to check at one start: one marker says both.
export async function start(resourceId: string, subject: object) {
  const { data } = await axios.post('https://eu.platform.go.gbgplc.com/captain/api/journey/start', { resourceId, context: { subject } });
  return data;
}
