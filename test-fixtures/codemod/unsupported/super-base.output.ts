// A client class over a base class that joins the rest of the path to the base its subclass passes to super():
// the codemod does not follow requests through `this.baseUrl`, so the base must stay v1 with the paths and bodies.
export abstract class BaseApiClient {
  protected constructor(protected readonly baseUrl: string) {}
  protected async post<T>(path: string, body: unknown): Promise<T> {
    const response = await fetch(this.baseUrl + path, { method: 'POST', body: JSON.stringify(body) });
    return (await response.json()) as T;
  }
}

export class KycClient extends BaseApiClient {
  constructor(host: string) {
    // journey-codemod: unsupported [codemod.unrecognized-v1-url] a v1 base URL no request the codemod recognises is sent through (a base class, a field joined to paths elsewhere): the paths, bodies and answers of the requests joined to it stay v1 → v2: the v2 call for each request sent to it, bodies and answers too, not the URL alone (see the journey-codemod docs)
    super(`${host}/eu/captain/api/journey/`);
  }
  start(): Promise<{ instanceId: string }> {
    // journey-codemod: unsupported [request.start-resource-id] a v1 resourceId ("a1d7c3f0data-check-v1@latest") outside a start the codemod recognises: the journey it starts is v1 → v2: a v2 start of "b2e8d4a1data-check-v2@latest", its body and answers too, not the id alone
    return this.post('start', { resourceId: 'a1d7c3f0data-check-v1@latest', context: { config: { async: true }, subject: {} } });
  }
  tasks(instanceId: string): Promise<{ tasks: { taskId: string }[] }> {
    // journey-codemod: unsupported [codemod.unrecognized-v1-url] sends the v1 path 'task/list' through a call the codemod cannot follow to its request (its base is not one it can read) → v2: the v2 call for each request sent to it, bodies and answers too, not the URL alone (see the journey-codemod docs)
    return this.post('task/list', { instanceId });
  }
}

export async function firstKycTask(client: KycClient, instanceId: string): Promise<string | undefined> {
  const list = await client.tasks(instanceId);
  return list.tasks[0]?.taskId;
}
