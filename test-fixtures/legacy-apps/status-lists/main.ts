import { screen } from './screening.js';

const res = await fetch(`${process.env.JOURNEY_HOST}/as/token.oauth2`, {
  method: 'POST',
  body: new URLSearchParams({ grant_type: 'client_credentials', client_id: 'demo-client', client_secret: 'demo-secret' }),
});
const { access_token } = (await res.json()) as { access_token: string };
const identity = (lastName: string) => ({
  identity: { firstName: 'Mary', lastNames: [lastName], dateOfBirth: '1970-01-01', idNumbers: [{ idNumber: '123-45-6789', type: 'ssn' }] },
});
console.log(JSON.stringify([await screen(access_token, identity('Jackson')), await screen(access_token, identity('Outage'))]));
