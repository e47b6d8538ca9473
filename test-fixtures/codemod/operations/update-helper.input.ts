import axios from 'axios';

export async function submit(instanceId: string, taskId: string, subject: Record<string, unknown>) {
  await axios.post('https://eu.platform.go.gbgplc.com/captain/api/journey/task/update', { intent: 'Complete', instanceId, taskId, context: { subject } });
}
