import axios from 'axios';
import { participantsFor } from '@journey-bridge/codemod/runtime';

export async function submit(instanceId: string, taskId: string, subject: Record<string, unknown>) {
  await axios.post('https://eu.platform.go.gbgplc.com/v2/captain/journey/interaction/submit', { instanceId, interactionId: taskId, participants: participantsFor(subject), context: { subject } });
}
