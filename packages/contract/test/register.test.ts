import { describe, expect, it } from 'vitest';
import { ERROR_KINDS, toV1ErrorBody, v2ErrorNamesFor } from '../src/index.js';

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
