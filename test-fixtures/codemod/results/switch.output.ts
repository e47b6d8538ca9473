import axios from 'axios';

export async function label(instanceId: string): Promise<string> {
  const { data } = await axios.post('https://eu.platform.go.gbgplc.com/v2/captain/journey/state/fetch', { instanceId });
  switch (data.status) {
    case 'Completed':
      return 'done';
    case 'Error':
    case 'Failed':
      return 'failed';
    default:
      return 'waiting';
  }
}
