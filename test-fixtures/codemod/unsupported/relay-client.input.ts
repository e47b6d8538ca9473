/** Where a relay sends a journey's calls: a transport of the tenant's v1 API (/captain/api/journey/) set up at run time. */
export interface Transport {
  send(operation: string, body: object): Promise<unknown>;
}

export class RelayClient {
  constructor(private readonly transport: Transport) {}

  listTasks(instanceId: string): Promise<unknown> {
    return this.transport.send(this.operation(), { instanceId });
  }

  private operation(): string {
    return process.env.RELAY_OPERATION ?? 'tasks';
  }
}
