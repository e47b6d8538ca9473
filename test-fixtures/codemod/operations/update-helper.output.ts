import axios from 'axios';
import { participantsFor } from './journey-v2.js';

export async function submit(instanceId: string, taskId: string, subject: Record<string, unknown>) {
  await axios.post('https://eu.platform.go.gbgplc.com/v2/captain/journey/interaction/submit', { instanceId, interactionId: taskId, participants: participantsFor(await axios.post('https://eu.platform.go.gbgplc.com/v2/captain/journey/interaction/fetch', { instanceId }).then((response) => response.data), subject), context: { subject } });
}
