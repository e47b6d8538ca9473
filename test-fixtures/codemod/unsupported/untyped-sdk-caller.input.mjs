import { PendingSdk } from './untyped-sdk.mjs';

// `sdk` is an untyped parameter: the codemod cannot tell this call reaches PendingSdk.pending, so what it
// answers, read below in v1's shape, is not followed and the flow must stay v1.
async function firstPendingTask(sdk, instanceId) {
  const list = await sdk.pending(instanceId);
  return list.tasks[0].taskId;
}

export const runPending = (base, instanceId) => firstPendingTask(new PendingSdk(base), instanceId);
