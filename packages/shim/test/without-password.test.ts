import { describe, expect, it } from 'vitest';
import { withoutPassword } from '../src/without-password.js';

describe('withoutPassword', () => {
  it.each([
    ['redis://user:secret@127.0.0.1:6379/0', 'redis://user:***@127.0.0.1:6379/0'],
    ['redis://:secret@127.0.0.1:6379', 'redis://:***@127.0.0.1:6379'],
    ['http://u:p%40ss/w@rd@host/eu/v2/captain/', 'http://u:***@host/eu/v2/captain/'],
    // A URL that failed to parse: a forgotten scheme, a port out of range.
    ['user:secret@127.0.0.1:6379', 'user:***@127.0.0.1:6379'],
    ['redis://user:secret@127.0.0.1:99999', 'redis://user:***@127.0.0.1:99999'],
  ])('hides the password of %s', (given, shown) => {
    expect(withoutPassword(given)).toBe(shown);
  });

  it.each(['https://svc@auth.example/as/token.oauth2', 'http://127.0.0.1:4010/eu/v2/captain/', 'eu'])(
    'leaves %s, which has no password, as it is',
    (given) => {
      expect(withoutPassword(given)).toBe(given);
    },
  );
});
