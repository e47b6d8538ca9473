// Endpoint constants, as the service has always kept them.
export const ENDPOINTS = {
  JOURNEY_START: 'journey/start',
  JOURNEY_TASK_LIST_SCHEMA: 'journey/task/list/schema',
  JOURNEY_TASK_UPDATE: 'journey/task/update',
  JOURNEY_STATE: 'journey/state/fetch',
};
