export const JOURNEY_BASE = 'https://eu.platform.go.gbgplc.com/captain/api';

export const ENDPOINTS = {
  JOURNEY_START: '/journey/start',
  JOURNEY_TASK_LIST: '/journey/task/list',
  JOURNEY_TASK_UPDATE: '/journey/task/update',
  JOURNEY_STATE: '/journey/state/fetch',
};
