const BASE = 'https://eu.platform.go.gbgplc.com/captain/api/journey';

class JourneyClient {
  constructor({ token }) {
    this.token = token;
  }

  async state(instanceId) {
    // journey-codemod: unsupported [response.state-result] its result is read at line 16 in a way that has no v2 counterpart → v2: migrate the code given the instance together with this method by hand; or, if every caller of the method is in the run, put the ignore comment of the journey-codemod docs above the line that hands it over, and run again
    const res = await fetch(`${BASE}/state/fetch`, {
      method: 'POST',
      headers: { authorization: `Bearer ${this.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ instanceId }),
    });
    // journey-codemod: unsupported [response.state-result] the answer may be returned to code the codemod does not see: the class is handed over at line 9 of container.js, and whoever gets an instance there calls this method unseen → v2: migrate the code given the instance together with this method by hand; or, if every caller of the method is in the run, put the ignore comment of the journey-codemod docs above the line that hands it over, and run again
    return res.json();
  }
}

module.exports = JourneyClient;
