import { describe, expect, it, vi } from 'vitest';
import { unbrandedErrorClasses } from '../../../test/support/error-brands.js';
import * as first from '../src/index.js';

// A second evaluation of the package, with classes of its own: what an app gets when it loads both the ES module
// and the CommonJS build, or two copies of the package.
vi.resetModules();
const second: typeof first = await import('../src/index.js');

const notFound = (client: typeof first) =>
  client.createApiError(404, 'r-1', { errors: [{ code: '4040', name: 'NOT_FOUND', location: 'Path', problem: 'no such instance' }] });

describe('instanceof across two loads of the client', () => {
  it('are two loads, with classes of their own', () => {
    expect(second.NotFoundError).not.toBe(first.NotFoundError);
    expect(notFound(second)).toBeInstanceOf(second.NotFoundError);
  });

  it('knows an error of the other load as its class and every class above it', () => {
    for (const [thrower, catcher] of [
      [second, first],
      [first, second],
    ] as const) {
      const error = notFound(thrower);
      expect(error instanceof catcher.NotFoundError).toBe(true);
      expect(error instanceof catcher.JourneyApiError).toBe(true);
      expect(error instanceof catcher.JourneyClientError).toBe(true);
      expect(error instanceof Error).toBe(true);
    }
    const timeout = new second.TimeoutError({ requestId: 'r-2', timeoutMs: 10 });
    expect(timeout instanceof first.TimeoutError && timeout instanceof first.ConnectionError).toBe(true);
  });

  it('still tells the classes apart', () => {
    const timeout = new second.TimeoutError({ requestId: 'r-2', timeoutMs: 10 });
    expect(timeout instanceof first.NotFoundError).toBe(false);
    expect(new second.ConnectionError({}) instanceof first.TimeoutError).toBe(false);
    expect(notFound(second) instanceof first.ConflictError).toBe(false);
    expect(new second.DeadlineExceededError('late', undefined) instanceof first.JourneyApiError).toBe(false);
    for (const value of [new Error('plain'), { name: 'NotFoundError', status: 404 }, 'NotFoundError', null, undefined]) {
      expect(value instanceof first.JourneyClientError).toBe(false);
    }
  });

  it('keeps an app’s own subclass of a client error working', () => {
    class InstanceGoneError extends first.NotFoundError {}
    const mine = new InstanceGoneError({ status: 404 });
    expect(mine instanceof InstanceGoneError).toBe(true);
    expect(mine instanceof first.NotFoundError && mine instanceof second.NotFoundError && mine instanceof second.JourneyClientError).toBe(
      true,
    );
    expect(notFound(first) instanceof InstanceGoneError).toBe(false);
    expect(notFound(second) instanceof InstanceGoneError).toBe(false);
  });

  it('brands every error class the package exports', () => {
    const { checked, unbranded } = unbrandedErrorClasses(first, second, first.JourneyClientError);
    expect(checked).toBeGreaterThan(15);
    expect(unbranded).toEqual([]);
  });
});
