import axios from 'axios';

export async function start(subject: object) {
  try {
    const { data } = await axios.post('https://eu.platform.go.gbgplc.com/v2/captain/journey/start', {
      resourceId: 'b2e8d4a1data-check-v2@latest',
      context: { config: { delivery: 'api' }, subject },
    });
    return data.instanceId;
  } catch (error: any) {
    const message = error.response?.data?.errors?.[0]?.problem ?? error.message;
    throw new Error(`start failed (${error.response?.status} ${error.response?.data?.errors?.[0]?.name}): ${message}`);
  }
}
