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
    // journey-codemod: unsupported [codemod.shared-constant] shares its run-time base (this.call) with the v1 code at line 6 of this file, which stays v1
    return this.call(REGION_ROUTES.tasks, { instanceId });
  }
}

export async function firstRegionTask(host, instanceId) {
  const sdk = new RegionSdk(host, 'eu');
  const list = await sdk.pending(instanceId);
  // journey-codemod: unsupported [codemod.unrecognized-v1-url] reads what the v1 call at line 13 of this file answers, which stays v1
  return list.tasks[0].taskId;
}
