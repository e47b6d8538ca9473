import { describe, expect, it } from 'vitest';
import { ERROR_KINDS, filterFlow, isValidFilterKey, toV1ErrorBody, V1StateRequest, v2ErrorNamesFor } from '../src/index.js';

describe('the register’s error mapping is one mapping, read both ways', () => {
  it.each(Object.values(ERROR_KINDS))(
    '$name: the adapter answers v1 "$v1", and the codemod maps "$v1" back to a set holding $name',
    (kind) => {
      const v1 = toV1ErrorBody(kind.status, { errors: [{ code: kind.code, name: kind.name, location: 'Body', problem: 'p' }] });
      expect(v1.error).toBe(kind.v1);
      expect(v2ErrorNamesFor(kind.v1)).toContain(kind.name);
    },
  );

  it('knows a v1 identifier with one v2 counterpart from one shared by several', () => {
    expect(v2ErrorNamesFor('not-found-error')).toEqual(['NOT_FOUND']);
    expect(v2ErrorNamesFor('bad-request-error')).toEqual(['INVALID_REQUEST', 'MISSING_FIELD', 'INVALID_FIELD']);
    expect(v2ErrorNamesFor('no-such-error')).toEqual([]);
  });
});

describe('filterKeys a caller writes', () => {
  const flow = { 'kyc-eu-v3': 1, 'age-eu-v1': 2, decision: 3 };

  it('match every key with the stateful flags g and y as without them', () => {
    expect(Object.keys(filterFlow(flow, ['/e/g']))).toEqual(['kyc-eu-v3', 'age-eu-v1', 'decision']);
    expect(Object.keys(filterFlow(flow, ['/-v\\d/y']))).toEqual(['kyc-eu-v3', 'age-eu-v1']);
  });

  it('run in linear time patterns JavaScript would backtrack on for minutes, with the right answer', () => {
    // The longest flow key of the bundled journeys: a backtracking engine tries 4^17 (then 8^17) ways before failing.
    const longest = { 'kyc-account-eu-v5': 1 };
    expect(filterFlow(longest, ['/(.|.|.|.)*Z/'])).toEqual({});
    expect(filterFlow(longest, ['/(.|.|.|.|.|.|.|.)*Z/', '/(?:[a-z-]|[a-z0-9-]|\\w|.)*Z/'])).toEqual({});
    expect(filterFlow(longest, ['/(.|.|.|.)*5$/'])).toEqual(longest);
    expect(filterFlow(longest, ['/(a+)+$/', '/^(k+|y+|c+)+-/'])).toEqual(longest);
    expect(V1StateRequest.safeParse({ instanceId: 'i', filterKeys: ['/(x+x+)+y/'] }).success).toBe(true);
  });

  it('keep the flags i, m, s and u, and refuse any other', () => {
    expect(Object.keys(filterFlow(flow, ['/^KYC/i', '/^decision$/m', '/age.eu/s', '/^age/u']))).toEqual([
      'kyc-eu-v3',
      'age-eu-v1',
      'decision',
    ]);
    expect(filterFlow({ 'a\nb': 1 }, ['/a.b/s'])).toEqual({ 'a\nb': 1 });
    expect(filterFlow({ 'a\nb': 1 }, ['/a.b/', '/^b/'])).toEqual({});
    expect(filterFlow({ 'a\nb': 1 }, ['/^b/m'])).toEqual({ 'a\nb': 1 });
    expect(isValidFilterKey('/kyc/d')).toBe(false);
    expect(isValidFilterKey('/kyc/v')).toBe(false);
  });

  it('refuse backreferences and lookarounds, which have no linear-time match, as the request schema’s validation error', () => {
    for (const pattern of ['/(a)\\1/', '/(?<a>k)\\k<a>/', '/kyc(?=-)/', '/kyc(?!-)/', '/(?<=k)yc/', '/(?<!k)yc/']) {
      expect(isValidFilterKey(pattern)).toBe(false);
    }
    const parsed = V1StateRequest.safeParse({ instanceId: 'i', filterKeys: ['/.*/', '/(a)\\1/'] });
    expect(parsed.error?.issues).toMatchObject([
      { path: ['filterKeys', 1], message: 'must be an exact key or a valid /regular expression/' },
    ]);
  });
});
