import axios from 'axios';
import { participantsFor } from './journey-v2.js';

const settings = { token: process.env.JOURNEY_TOKEN ?? '' };

// Reads only: the interaction fetch is written the way the update is made.
export async function completeWithSettings(instanceId: string, taskId: string, subject: object): Promise<void> {
  await fetch('https://eu.platform.go.gbgplc.com/v2/captain/journey/interaction/submit', {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${settings.token}` },
    body: JSON.stringify({ instanceId, interactionId: taskId, participants: participantsFor(await fetch('https://eu.platform.go.gbgplc.com/v2/captain/journey/interaction/fetch', {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${settings.token}` },
    body: JSON.stringify({ instanceId }),
  }).then((response) => response.json()), subject), context: { subject } }),
  });
}

function authHeaders(token: string) {
  return { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
}

const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;

// Computed only, by functions of the file and globals: the interaction fetch is written the way the update is made.
export async function completeWithComputedHeaders(instanceId: string, taskId: string, subject: object): Promise<void> {
  await fetch('https://eu.platform.go.gbgplc.com/v2/captain/journey/interaction/submit', {
    method: 'POST',
    headers: { ...authHeaders(settings.token), 'x-client': encodeURIComponent('back office'.trim()) },
    body: JSON.stringify({ instanceId, interactionId: taskId, participants: participantsFor(await fetch('https://eu.platform.go.gbgplc.com/v2/captain/journey/interaction/fetch', {
    method: 'POST',
    headers: { ...authHeaders(settings.token), 'x-client': encodeURIComponent('back office'.trim()) },
    body: JSON.stringify({ instanceId }),
  }).then((response) => response.json()), subject), context: { subject } }),
  });
}

export async function completeWithBasicAuth(instanceId: string, taskId: string, subject: object): Promise<void> {
  await axios.post(
    'https://eu.platform.go.gbgplc.com/v2/captain/journey/interaction/submit',
    { instanceId, interactionId: taskId, participants: participantsFor(await axios.post(
    'https://eu.platform.go.gbgplc.com/v2/captain/journey/interaction/fetch',
    { instanceId },
    { headers: { authorization: basic('client-id', settings.token) } },
  ).then((response) => response.data), subject), context: { subject } },
    { headers: { authorization: basic('client-id', settings.token) } },
  );
}
