import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { JourneyClientOptions } from '../src/index.js';

/**
 * docs/client.md's options table against the options `createJourneyClient` takes. The record below must name
 * every option (the type check refuses one left out or made up), and the table must have a row for each.
 */
const OPTIONS: Record<keyof JourneyClientOptions, true> = {
  region: true,
  baseUrl: true,
  auth: true,
  authUrl: true,
  timeoutMs: true,
  retry: true,
  logger: true,
  logLevel: true,
  http: true,
  dispatcher: true,
  fetch: true,
  now: true,
  interactionAuth: true,
  maxEndUserTokens: true,
};

const CLIENT_DOC = readFileSync(new URL('../../../docs/client.md', import.meta.url), 'utf8');

/** The rows of the table under `## Options`, as option → default cell. */
function optionsTable(): Map<string, string> {
  const section = CLIENT_DOC.split('\n## Options\n')[1]?.split('\n## ')[0] ?? '';
  const rows = new Map<string, string>();
  for (const line of section.split('\n')) {
    const cells = line.split('|').map((cell) => cell.trim());
    const option = /^`(\w+)`$/.exec(cells[1] ?? '')?.[1];
    if (option) rows.set(option, cells[2] ?? '');
  }
  return rows;
}

describe('docs/client.md options table', () => {
  it('has a row for every option of createJourneyClient, and no other', () => {
    expect([...optionsTable().keys()].sort()).toEqual(Object.keys(OPTIONS).sort());
  });

  it('gives the end-user token options their defaults', () => {
    const table = optionsTable();
    expect(table.get('interactionAuth')).toBe("`'customer'`");
    expect(table.get('maxEndUserTokens')).toBe('`10000`');
  });
});
