import type { Region } from '@journey-bridge/contract';
import { describe, expect, it } from 'vitest';
import { ClientOptionsError, clientCredentials, createJourneyClient, createV1Client, JourneyClientError } from '../src/index.js';
import { DATA_CHECK_V2, DEMO_CREDENTIALS, simulator } from './simulator.js';

const auth = clientCredentials(DEMO_CREDENTIALS);

describe('client options', () => {
  it('a region builds the specification’s base and token addresses', async () => {
    const sim = await simulator();
    const urls: string[] = [];
    const recording: typeof fetch = (input, init) => {
      urls.push(input instanceof Request ? input.url : String(input));
      return sim.fetch(input, init);
    };
    const client = createJourneyClient({ region: 'eu', auth, fetch: recording });

    await client.startJourney({ resourceId: DATA_CHECK_V2, context: { config: { delivery: 'api' }, subject: {} } });

    expect(urls).toEqual([
      'https://eu.platform.go.gbgplc.com/as/token.oauth2',
      'https://eu.platform.go.gbgplc.com/v2/captain/journey/start',
    ]);
  });

  it('the v1 client uses the v1 base; authUrl moves the token endpoint', async () => {
    const sim = await simulator();
    const urls: string[] = [];
    const recording: typeof fetch = (input, init) => {
      urls.push(input instanceof Request ? input.url : String(input));
      return sim.fetch(input, init);
    };
    const client = createV1Client({ region: 'eu', authUrl: 'https://auth.example.test/', auth, fetch: recording });

    await client.startJourney({ resourceId: 'a1d7c3f0data-check-v1@latest', context: { config: { async: true }, subject: {} } });

    expect(urls).toEqual(['https://auth.example.test/as/token.oauth2', 'https://eu.platform.go.gbgplc.com/captain/api/journey/start']);
  });

  it.each([
    ['a relative URL', { baseUrl: '/eu/v2/captain/' }],
    ['not a URL', { baseUrl: 'sim test' }],
    ['another protocol', { baseUrl: 'ftp://files.example.test/v2/captain/' }],
    ['a query', { baseUrl: 'https://example.test/v2/captain/?x=1' }],
    ['user information', { baseUrl: 'https://ops:hunter2@example.test/v2/captain/' }],
    ['user information in the authUrl', { region: 'eu' as const, authUrl: 'https://ops:hunter2@auth.example.test/' }],
    ['user information in what is no URL', { baseUrl: 'https://ops:hunter2@exa mple.test/' }],
    ['user information whose password holds a /, which breaks the parse', { baseUrl: 'https://ops:hunter2/x@example.test/v2/' }],
    ['an unknown region', { region: 'mars' as Region }],
    ['both region and baseUrl', { region: 'eu' as const, baseUrl: 'https://example.test/v2/captain/' }],
    ['neither region nor baseUrl', {}],
    ['a bad authUrl', { region: 'eu' as const, authUrl: 'auth' }],
  ])('refuses %s with ClientOptionsError', (_name, options) => {
    expect(() => createJourneyClient({ auth, ...options })).toThrow(ClientOptionsError);
    expect(() => createJourneyClient({ auth, ...options })).toThrow(JourneyClientError);
    expect(() => createJourneyClient({ auth, ...options })).not.toThrow('hunter2');
  });
});
