import ky, { type KyInstance } from 'ky';

const JOURNEY_API = `${process.env.JOURNEY_HOST}/us/captain/api/`;

export interface Applicant {
  identity: { firstName: string; lastNames: string[]; dateOfBirth: string; idNumbers: { idNumber: string; type: string }[] };
}

export class FraudScreeningClient {
  private readonly http: KyInstance;

  constructor(token: string) {
    this.http = ky.create({ prefixUrl: JOURNEY_API, headers: { authorization: `Bearer ${token}` }, retry: 0 });
  }

  start(applicant: Applicant) {
    return this.http
      .post('journey/start', { json: { resourceId: 'e5b1a7d4fraud-screen-v1@latest', context: { config: { async: true }, subject: applicant } } })
      .json<{ instanceId: string }>();
  }

  state(instanceId: string) {
    return this.http.post('journey/state/fetch', { json: { instanceId } }).json<any>();
  }

  async screen(applicant: Applicant) {
    const { instanceId } = await this.start(applicant);
    let state = await this.state(instanceId);
    while (state.status === 'InProgress') {
      await new Promise((resolve) => setTimeout(resolve, 20));
      state = await this.state(instanceId);
    }
    return state.status === 'Failed' ? 'screening failed' : `screening ${state.status}`;
  }
}
