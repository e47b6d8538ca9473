import { JOURNEY_API, JourneyPath } from './enum-paths';
import { type V2Interaction, pendingInteractionId } from './journey-v2';

export async function pendingTaskId(token: string, instanceId: string): Promise<string | undefined> {
  const res = await fetch(JOURNEY_API + JourneyPath.TaskList, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: JSON.stringify({ instanceId }),
  });
  const list = (await res.json()) as V2Interaction;
  return pendingInteractionId(list);
}
