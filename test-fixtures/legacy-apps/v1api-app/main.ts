import { clientCredentials, createV1Client } from '@journey-bridge/client';
import { verify } from './verify.js';

const api = createV1Client({
  baseUrl: `${process.env.JOURNEY_HOST}/eu/captain/api/`,
  auth: clientCredentials({ clientId: 'demo-client', clientSecret: 'demo-secret' }),
});

console.log(JSON.stringify([await verify(api, { firstName: 'Alan', lastName: 'Turing', dateOfBirth: '1980-06-23' }), await verify(api, { firstName: 'Joan', lastName: 'Nomatch', dateOfBirth: '1990-01-01' })]));
