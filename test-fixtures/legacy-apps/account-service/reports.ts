import { PLATFORM } from './config.js';

/** The back office's audit line for a journey: its status and when it started and finished, as the platform recorded. */
export async function auditLine(token: string, instanceId: string): Promise<string> {
  const response = await fetch(`${PLATFORM.host}/eu/captain/api/journey/state/fetch`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ instanceId }),
  });
  const state = (await response.json()) as { status: string; metaData: { createdTime: string; completedTime: string } };
  return `${instanceId} ${state.status} ${state.metaData.createdTime} ${state.metaData.completedTime || '-'}`;
}
