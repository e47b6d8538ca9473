import axios from 'axios';
import { ENDPOINTS, JOURNEY_BASE } from './endpoints';

export async function completeTask(instanceId: string, taskId: string) {
  await axios.post(JOURNEY_BASE + ENDPOINTS.JOURNEY_TASK_UPDATE, {
    instanceId,
    interactionId: taskId,
    participants: [{ domainElementId: 'FullName' }, { domainElementId: 'DateOfBirth' }],
    context: { subject: { identity: { firstName: 'Grace', lastNames: ['Hopper'], dateOfBirth: '1906-12-09' } } },
  });
}

export async function pendingTasks(instanceId: string) {
  const { data } = await axios.post(`${JOURNEY_BASE}${ENDPOINTS.JOURNEY_TASK_LIST}`, { instanceId });
  return data;
}
