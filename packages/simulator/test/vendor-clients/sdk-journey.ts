import { type EndUser, mergeParts, subjectPart } from './end-users.js';
import { SdkApiError, type SdkClient } from './sdk-client.js';
import type { FetchResponse, StateResponse } from './sdk-models.js';

/** Fetches the interaction; a tenant that refuses the API client's token there gets the end user connected once. */
async function fetchInteraction(sdk: SdkClient, instanceId: string): Promise<FetchResponse> {
  try {
    return await sdk.fetchInteraction(instanceId);
  } catch (error) {
    if (!(error instanceof SdkApiError) || error.status !== 401) throw error;
    await sdk.connectEndUser(instanceId);
    return sdk.fetchInteraction(instanceId);
  }
}

/**
 * Runs a journey as integration code on top of the SDK does: start, send each ref `outstanding` names that was
 * not sent before (a static list repeats what was taken), wait while there is nothing to send (modules running,
 * a document's back not yet decided), and read the state once the end interaction appears.
 */
export async function completeWithSdk(
  sdk: SdkClient,
  resourceId: string,
  user: EndUser,
  wait: () => Promise<void>,
): Promise<{ instanceId: string; state: StateResponse }> {
  const { instanceId } = await sdk.startJourney(resourceId);
  const sent = new Set<string>();
  for (let poll = 0; poll < 200; poll += 1) {
    const fetched = await fetchInteraction(sdk, instanceId);
    if ('result' in fetched) return { instanceId, state: await sdk.fetchState(instanceId) };
    const refs = 'processing' in fetched ? [] : fetched.outstanding.filter((ref) => !sent.has(ref));
    if ('processing' in fetched || refs.length === 0) {
      await wait();
      continue;
    }
    const [instruction] = fetched.instructions;
    const participants = refs.map((ref) => ({
      domainElementId: ref,
      ...(instruction && ref.startsWith('PrimaryDocument') && { instruction }),
    }));
    const subject = mergeParts(refs.map((ref) => subjectPart(user, ref)));
    await sdk.submitInteraction(instanceId, fetched.interactionId, participants, subject);
    for (const ref of refs) sent.add(ref);
  }
  throw new Error(`journey ${instanceId} did not reach its end interaction`);
}
