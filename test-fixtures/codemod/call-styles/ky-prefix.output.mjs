import ky from 'ky';
import { pendingInteractionId } from './journey-v2.mjs';

// ky puts a slash between a prefix that lacks one and the path.
const api = ky.create({ prefixUrl: 'https://eu.platform.go.gbgplc.com/v2/captain' });

export async function firstTask(instanceId) {
  const list = await api.post('journey/interaction/fetch', { json: { instanceId } }).json();
  return pendingInteractionId(list);
}
