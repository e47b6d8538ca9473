'use strict';
// Settings for the KYC service. Edit per environment.
const host = process.env.JOURNEY_HOST || 'https://eu.platform.go.gbgplc.com';

module.exports = {
  base: host + '/eu/captain/api',
  tokenUrl: host + '/as/token.oauth2',
  clientId: 'demo-client',
  clientSecret: 'demo-secret',
  journeys: {
    dataCheck: 'a1d7c3f0data-check-v1@latest',
    limitCheck: 'c3f9e5b2doc-selfie-v1@latest'
  },
  pollMs: 25
};
