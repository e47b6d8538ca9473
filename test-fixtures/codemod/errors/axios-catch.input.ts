import axios from 'axios';

export async function start(subject: object) {
  try {
    const { data } = await axios.post('https://eu.platform.go.gbgplc.com/captain/api/journey/start', {
      resourceId: 'a1d7c3f0data-check-v1@latest',
      context: { config: { async: true }, subject },
    });
    return data.instanceId;
  } catch (error: any) {
    const message = error.response?.data?.message ?? error.message;
    throw new Error(`start failed (${error.response?.data?.status} ${error.response?.data?.error}): ${message}`);
  }
}
