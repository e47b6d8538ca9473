import { DescribedElements, ElementCatalogue, type ElementDescriptionInput } from '@journey-bridge/contract';
import { AdapterError } from './errors/adapter-error.js';

/** The adapter's `elements` option does not describe elements as `DescribedElements` requires. */
export class DescribedElementsError extends AdapterError {
  override name = 'DescribedElementsError';
}

/** The catalogue of the specification's six and the described `elements`; refuses an invalid description, naming where. */
export function catalogueOf(elements: Readonly<Record<string, ElementDescriptionInput>>): ElementCatalogue {
  const parsed = DescribedElements.safeParse(elements);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `elements.${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new DescribedElementsError(problems);
  }
  return new ElementCatalogue(parsed.data);
}
