import { type V2Interaction, participantsFor, pendingInteractionId, requiredInteractionId } from './journey-v2.js';
interface Client {
  request<T>(command: string, path: string, body: Record<string, unknown>): Promise<T>;
}

// A command-line client names the command first and the path second; its task bodies carry a field of their own.
export async function completeFirst(client: Client, instanceId: string, subject: { identity: { firstName: string } }) {
  // journey-codemod: needs-review [endpoint.base-path] the base URL is only known at run time → v2: make the base end in /v2/captain/ instead of /captain/api/
  const list = await client.request<V2Interaction>('task list', 'journey/interaction/fetch', { instanceId });
  const task = pendingInteractionId(list);
  if (!task) return;
  // journey-codemod: needs-review [endpoint.base-path] the base URL is only known at run time → v2: make the base end in /v2/captain/ instead of /captain/api/
  await client.request('task complete', 'journey/interaction/submit', { instanceId, interactionId: requiredInteractionId(task), participants: participantsFor(list, subject), context: { subject } });
}
