import { PendingSdk } from './untyped-sdk.mjs';

// `sdk` is an untyped parameter: the codemod cannot tell this call reaches PendingSdk.pending, so what it
// answers, read below in v1's shape, is not followed and the flow must stay v1.
async function firstPendingTask(sdk, instanceId) {
  // journey-codemod: unsupported [endpoint.task-list] this call may reach a method answering v1 (line 12 of untyped-sdk.mjs), on a receiver the codemod cannot resolve → v2: pendingInteractionId(list) of the generated journey-v2 module (undefined while modules run and once the journey has ended), journey.status, outstanding[]
  const list = await sdk.pending(instanceId);
  return list.tasks[0].taskId;
}

export const runPending = (base, instanceId) => firstPendingTask(new PendingSdk(base), instanceId);
