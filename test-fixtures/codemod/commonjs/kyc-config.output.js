'use strict';
// Settings for the KYC service. Edit per environment.
const host = process.env.JOURNEY_HOST || 'https://eu.platform.go.gbgplc.com';

module.exports = {
  base: host + '/eu/v2/captain',
  tokenUrl: host + '/as/token.oauth2',
  clientId: 'demo-client',
  clientSecret: 'demo-secret',
  journeys: {
    dataCheck: 'b2e8d4a1data-check-v2@latest',
    limitCheck: 'd4a0f6c3doc-selfie-v2@latest'
  },
  pollMs: 25
};
