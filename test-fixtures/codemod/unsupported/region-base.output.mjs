// A v1 base written in the constructor, outside any call, and the calls joined to it through `this.base`.
const REGION_ROUTES = { tasks: 'journey/task/list' };
export class RegionSdk {
  constructor(host, region) {
    // journey-codemod: unsupported [codemod.unrecognized-v1-url] v1 URL text outside a call the codemod recognises: "/captain/api/" → v2: the v2 call for each request sent to it, bodies and answers too, not the URL alone (see the journey-codemod docs)
    this.base = `${host}/${region}/captain/api/`;
  }
  async call(route, body) {
    return (await fetch(`${this.base}${route}`, { method: 'POST', body: JSON.stringify(body) })).json();
  }
  pending(instanceId) {
    // journey-codemod: unsupported [codemod.unfollowed-instance] it takes an instance id the codemod cannot tie to a start, and the id the call at line 16 of error-callback.js answers, which stays v1, is returned to no caller in the run (line 16 of error-callback.js): they may be one journey, which must not be half on v2 → v2: hand the id to the calls that use it through functions of the project, so the codemod can tie them to their start, or migrate them and the start together by hand
    return this.call(REGION_ROUTES.tasks, { instanceId });
  }
}

export async function firstRegionTask(host, instanceId) {
  const sdk = new RegionSdk(host, 'eu');
  const list = await sdk.pending(instanceId);
  // journey-codemod: unsupported [error.body] reads what the v1 call at line 13 of this file answers, which stays v1
  return list.tasks[0].taskId;
}
