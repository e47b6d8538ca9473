// A v1 base written in the constructor, outside any call, and the calls joined to it through `this.base`.
const REGION_ROUTES = { tasks: 'journey/task/list' };
export class RegionSdk {
  constructor(host, region) {
    this.base = `${host}/${region}/captain/api/`;
  }
  async call(route, body) {
    return (await fetch(`${this.base}${route}`, { method: 'POST', body: JSON.stringify(body) })).json();
  }
  pending(instanceId) {
    return this.call(REGION_ROUTES.tasks, { instanceId });
  }
}

export async function firstRegionTask(host, instanceId) {
  const sdk = new RegionSdk(host, 'eu');
  const list = await sdk.pending(instanceId);
  return list.tasks[0].taskId;
}
