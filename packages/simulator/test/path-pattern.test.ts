import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { pathMatcher } from '../src/path-pattern.js';

describe('pathMatcher', () => {
  it.each([
    ['/eu/v2/captain/journey/start', '/eu/v2/captain/journey/start', true],
    ['/eu/v2/captain/journey/start', '/eu/v2/captain/journey/start/', false],
    ['*/journey/start', '/eu/v2/captain/journey/start', true],
    ['*/journey/start', '/eu/v2/captain/journey/start/x', false],
    ['/eu/captain/api/*', '/eu/captain/api/journey/state/fetch', true],
    ['/eu/captain/api/*', '/eu/v2/captain/journey/start', false],
    ['/eu/*/journey/*/fetch', '/eu/v2/captain/journey/interaction/fetch', true],
    ['/eu/*/journey/*/fetch', '/eu/v2/captain/journey/interaction/submit', false],
    ['*', '', true],
    ['*', '/anything/at/all', true],
    ['a*a', 'a', false],
    ['a*a', 'aa', true],
    ['*ab*ab*', 'xabyab', true],
    ['*ab*ab*', 'xaby', false],
    ['*.json', '/a.json', true],
    ['*.json', '/ajson', false],
    ['/a+(b)?[c]{d}|$^\\*', '/a+(b)?[c]{d}|$^\\/tail', true],
    ['/a+(b)?[c]{d}|$^\\*', '/aa(b)x[c]{d}|$^\\/tail', false],
  ])('%j against %j → %s', (pattern, path, expected) => {
    expect(pathMatcher(pattern)(path)).toBe(expected);
  });

  it('answers a pattern made to backtrack against a long path at all', () => {
    // A blocked event loop would stop the test timeout too, so the vm's watchdog bounds the call instead.
    const pattern = `${'*'.repeat(50)}X`;
    const path = '/'.repeat(10_000);
    const results = runInNewContext(
      '[match(pattern)(path), match(pattern)(path + "X"), match("*/*/*/*/*/*/*/*/*/*/*/X")(path)]',
      { match: pathMatcher, pattern, path },
      { timeout: 5_000 },
    );
    expect(results).toEqual([false, true, false]);
  });
});
