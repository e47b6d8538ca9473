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

  it('refuse a pattern that could backtrack without end, and the request schema says so', () => {
    expect(isValidFilterKey('/(a+)+$/')).toBe(false);
    expect(isValidFilterKey('/.*/')).toBe(true);
    expect(V1StateRequest.safeParse({ instanceId: 'i', filterKeys: ['/(x+x+)+y/'] }).success).toBe(false);
  });
});
