const HOST = process.env.JOURNEY_HOST;
export const V1 = `${HOST}/eu/v2/captain/journey`;
// journey-codemod: unsupported [codemod.unrecognized-v1-url] a v1 task URL, built on a v1 base, that no call the codemod recognises sends: where a flow moves that base to v2, it names a path v2 does not have → v2: the v2 call for each request sent to it, bodies and answers too, not the URL alone (see the journey-codemod docs)
export const ENDPOINTS = {
  start: `${V1}/start`,
  tasks: `${V1}/task/list`,
  update: `${V1}/task/update`,
  state: `${V1}/state/fetch`,
};
