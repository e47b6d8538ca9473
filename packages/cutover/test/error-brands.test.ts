import { describe, expect, it, vi } from 'vitest';
import { unbrandedErrorClasses } from '../../../test/support/error-brands.js';
import * as first from '../src/index.js';

// A second evaluation of the package, as an app gets with both builds (ES module and CommonJS) or two copies loaded.
vi.resetModules();
const second: typeof first = await import('../src/index.js');

describe('instanceof across two loads of the cutover', () => {
  it('knows the other load’s errors by class, and tells the classes apart', () => {
    expect(second.CutoverOptionsError).not.toBe(first.CutoverOptionsError);
    const refused = new second.CutoverOptionsError('stages: expected a list');
    expect(refused instanceof first.CutoverOptionsError && refused instanceof first.CutoverError).toBe(true);
    expect(refused instanceof first.ShadowTimeoutError).toBe(false);
  });

  it('brands every error class the package exports', () => {
    const { checked, unbranded } = unbrandedErrorClasses(first, second, first.CutoverError);
    expect(checked).toBeGreaterThan(8);
    expect(unbranded).toEqual([]);
  });
});
