import { createJourneyClient, staticToken } from '@journey-bridge/client';
import { createV1Adapter, type V1Adapter } from '@journey-bridge/adapter';

const api: V1Adapter = createV1Adapter({
  client: createJourneyClient({ baseUrl: 'https://eu.platform.go.gbgplc.com/v2/captain/', auth: staticToken('t') }),
  journeyMap: { 'a1d7c3f0data-check-v1': 'b2e8d4a1data-check-v2' },
});

export async function next(instanceId: string) {
  const list = await api.listTasks({ instanceId });
  return list.tasks[0]?.taskId;
}
