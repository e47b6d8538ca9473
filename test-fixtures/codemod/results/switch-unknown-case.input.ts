import axios from 'axios';

export async function label(instanceId: string, failed: string): Promise<string> {
  const { data } = await axios.post('https://eu.platform.go.gbgplc.com/captain/api/journey/state/fetch', { instanceId });
  switch (data.status) {
    case 'Completed':
      return 'done';
    case failed:
      return 'failed';
    default:
      return 'waiting';
  }
}
