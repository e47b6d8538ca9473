// Test doubles of v1 responses: the codemod cannot know what the tests assert, so it marks them.
// journey-codemod: unsupported [codemod.v1-response-mock] a v1 task list written out in code (a test double, an example) → v2: an interaction: { instanceId, interactionId, journey: { status }, interaction: { collects: [{ ref, spec }] }, outstanding: [] }
export const pendingTasks = { instanceId: 'instance-000000000001', status: 'InProgress', tasks: [{ taskId: 'task-0000000000000001' }] };

export function completedState(instanceId: string) {
  // journey-codemod: unsupported [codemod.v1-response-mock] a v1 state written out in code (a test double, an example) → v2: a v2 state: { instanceId, status, context: { process: { steps: [{ nodeId, outcome, result }] }, result: { status, advice } } }
  return {
    instanceId,
    status: 'Completed',
    data: { process: { flow: { 'kyc-eu-v3': { result: { outcome: 'Match' } } } } },
  };
}

// Not v1: a to-do list with tasks and ids.
export const todo = { status: 'open', tasks: [{ taskId: 1, title: 'write tests' }] };
