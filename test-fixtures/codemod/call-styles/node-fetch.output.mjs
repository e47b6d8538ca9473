import fetch from 'node-fetch';
import { interactionIdToSubmit } from './journey-v2.mjs';

export async function listTasks(token, instanceId) {
  const response = await fetch('https://eu.platform.go.gbgplc.com/v2/captain/journey/interaction/fetch', {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ instanceId }),
  });
  const list = await response.json();
  return interactionIdToSubmit(list);
}
