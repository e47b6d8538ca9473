import axios from 'axios';

// The base URL ends in the region; the v1 paths are relative to it.
const http = axios.create({ baseURL: process.env.PLATFORM_URL });

export async function finished(token: string, instanceId: string): Promise<boolean> {
  const { data } = await http.post('v2/captain/journey/state/fetch', { instanceId }, { headers: { Authorization: `Bearer ${token}` } });
  return data.status === 'Completed' || (data.status === 'Failed' || data.status === 'Error');
}
