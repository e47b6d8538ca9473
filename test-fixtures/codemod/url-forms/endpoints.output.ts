export const JOURNEY_BASE = 'https://eu.platform.go.gbgplc.com/v2/captain';

export const ENDPOINTS = {
  JOURNEY_START: '/journey/start',
  JOURNEY_TASK_LIST: '/journey/interaction/fetch',
  JOURNEY_TASK_UPDATE: '/journey/interaction/submit',
  JOURNEY_STATE: '/journey/state/fetch',
};
