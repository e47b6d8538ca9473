import ky from 'ky';
import { FraudScreeningClient } from './fraud-client.js';

const { access_token } = await ky
  .post(`${process.env.JOURNEY_HOST}/as/token.oauth2`, {
    body: new URLSearchParams({ grant_type: 'client_credentials', client_id: 'demo-client', client_secret: 'demo-secret' }),
  })
  .json<{ access_token: string }>();

const client = new FraudScreeningClient(access_token);
const identity = (lastName: string) => ({
  identity: { firstName: 'Mary', lastNames: [lastName], dateOfBirth: '1970-01-01', idNumbers: [{ idNumber: '123-45-6789', type: 'ssn' }] },
});
const outcomes = [await client.screen(identity('Jackson')), await client.screen(identity('Outage'))];
console.log(JSON.stringify(outcomes));
