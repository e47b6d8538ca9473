// A test double of the v1 service: the codemod marks it instead of guessing the v2 shape.
export const handlers = {
  'POST https://eu.platform.go.gbgplc.com/captain/api/journey/task/list': () => ({ instanceId: 'i-1', status: 'InProgress', tasks: [{ taskId: 't-1' }] }),
};
