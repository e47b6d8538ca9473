import { describe, expect, it, vi } from 'vitest';
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
    const errorClasses = Object.entries(first).filter(
      (entry): entry is [string, typeof first.CutoverError] =>
        typeof entry[1] === 'function' && entry[1].prototype instanceof first.CutoverError,
    );
    expect(errorClasses.length).toBeGreaterThan(8);
    for (const [name, errorClass] of errorClasses) {
      const fromSecond = Object.create((second as unknown as Record<string, typeof first.CutoverError>)[name]?.prototype ?? null);
      expect({ name, known: fromSecond instanceof errorClass }).toEqual({ name, known: true });
    }
  });
});
