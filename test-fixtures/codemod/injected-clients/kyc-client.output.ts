export class KycClient {
  constructor(private readonly token: string) {}

  // journey-codemod: unsupported [response.state-result] reads what the v1 call at line 7 of this file answers, which stays v1
  async outcome(instanceId: string): Promise<{ status: string }> {
    // journey-codemod: unsupported [response.state-result] its result is read at line 13 in a way that has no v2 counterpart → v2: migrate the code given the instance together with this method by hand; or, if every caller of the method is in the run, put the ignore comment of the journey-codemod docs above the line that hands it over, and run again
    const res = await fetch('https://eu.platform.go.gbgplc.com/captain/api/journey/state/fetch', {
      method: 'POST',
      headers: { authorization: `Bearer ${this.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ instanceId }),
    });
    // journey-codemod: unsupported [response.state-result] the answer may be returned to code the codemod does not see: a factory of instances is handed over at line 5 of kyc-module.ts, and whoever gets an instance there calls this method unseen → v2: migrate the code given the instance together with this method by hand; or, if every caller of the method is in the run, put the ignore comment of the journey-codemod docs above the line that hands it over, and run again
    return (await res.json()) as { status: string };
  }
}
