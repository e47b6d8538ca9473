// An SDK class whose base is configured at run time, picking its path from a route table.
const ROUTES = { tasks: 'journey/task/list' };
export class PendingSdk {
  constructor(base) {
    this.base = base;
  }
  async call(route, body) {
    return (await fetch(`${this.base}${route}`, { method: 'POST', body: JSON.stringify(body) })).json();
  }
  pending(instanceId) {
    return this.call(ROUTES.tasks, { instanceId });
  }
}
