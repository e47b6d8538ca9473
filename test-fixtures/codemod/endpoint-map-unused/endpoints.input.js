const HOST = process.env.JOURNEY_HOST;
export const V1 = `${HOST}/eu/captain/api/journey`;
export const ENDPOINTS = {
  start: `${V1}/start`,
  tasks: `${V1}/task/list`,
  update: `${V1}/task/update`,
  state: `${V1}/state/fetch`,
};
