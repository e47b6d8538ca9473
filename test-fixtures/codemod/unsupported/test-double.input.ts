// Test doubles of v1 responses: the codemod cannot know what the tests assert, so it marks them.
export const pendingTasks = { instanceId: 'instance-000000000001', status: 'InProgress', tasks: [{ taskId: 'task-0000000000000001' }] };

export function completedState(instanceId: string) {
  return {
    instanceId,
    status: 'Completed',
    data: { process: { flow: { 'kyc-eu-v3': { result: { outcome: 'Match' } } } } },
  };
}

// Not v1: a to-do list with tasks and ids.
export const todo = { status: 'open', tasks: [{ taskId: 1, title: 'write tests' }] };
