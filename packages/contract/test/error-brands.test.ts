import { describe, expect, it, vi } from 'vitest';
import { unbrandedErrorClasses } from '../../../test/support/error-brands.js';
import * as first from '../src/index.js';

// A second evaluation of the package, as an app gets with both builds (ES module and CommonJS) or two copies loaded.
vi.resetModules();
const second: typeof first = await import('../src/index.js');

describe('instanceof across two loads of the contract', () => {
  it('knows the other load’s errors by class, and tells the classes apart', () => {
    expect(second.StaleTaskError).not.toBe(first.StaleTaskError);
    const stale = new second.StaleTaskError('t-1');
    expect(stale instanceof first.StaleTaskError && stale instanceof first.TranslationError && stale instanceof first.ContractError).toBe(
      true,
    );
    expect(stale instanceof first.UnmappedJourneyError).toBe(false);
    expect(new second.JourneyMapError('bad map') instanceof first.JourneyMapError).toBe(true);
    expect(new second.JourneyMapError('bad map') instanceof first.TranslationError).toBe(false);
  });

  it('brands every error class the package exports', () => {
    const { checked, unbranded } = unbrandedErrorClasses(first, second, first.ContractError);
    expect(checked).toBeGreaterThan(5);
    expect(unbranded).toEqual([]);
  });
});
