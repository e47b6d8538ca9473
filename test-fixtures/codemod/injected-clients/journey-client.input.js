const BASE = 'https://eu.platform.go.gbgplc.com/captain/api/journey';

class JourneyClient {
  constructor({ token }) {
    this.token = token;
  }

  async state(instanceId) {
    const res = await fetch(`${BASE}/state/fetch`, {
      method: 'POST',
      headers: { authorization: `Bearer ${this.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ instanceId }),
    });
    return res.json();
  }
}

module.exports = JourneyClient;
