import { mergeSubject, type Subject } from '@journey-bridge/contract';
import type { FormFields } from '../http/read-body.js';
import type { Submission } from '../interaction-submit.js';
import { SimError } from '../sim-error.js';
import type { FormValues, PageElement, PageInput } from './form-model.js';

/** The name of the hidden input that carries the interaction the form was shown for. */
export const INTERACTION_FIELD = 'interactionId';

const refused = (problem: string) => new SimError({ kind: 'INVALID_REQUEST', problem });

/** One input's value: text trimmed, an upload as base64; `undefined` when left empty. Refuses a value of the wrong kind. */
async function inputValue(input: PageInput, field: FormFields[string] | undefined): Promise<string | undefined> {
  if (field === undefined) return undefined;
  if (Array.isArray(field)) throw refused(`${input.label} was sent more than once`);
  if (input.kind === 'file') {
    if (typeof field === 'string') throw refused(`${input.label} must be uploaded as a file (multipart/form-data)`);
    return field.size === 0 ? undefined : Buffer.from(await field.arrayBuffer()).toString('base64');
  }
  if (typeof field !== 'string') throw refused(`${input.label} must be text, not a file`);
  return field.trim() || undefined;
}

/** The form's non-empty values for the inputs the page showed; fields it did not show are ignored. */
export async function formValues(elements: readonly PageElement[], fields: FormFields): Promise<FormValues> {
  const values = new Map<string, string>();
  for (const input of elements.flatMap((element) => element.inputs)) {
    const value = await inputValue(input, fields[input.name]);
    if (value !== undefined) values.set(input.name, value);
  }
  return values;
}

/** The values a form shown again may hold: only those of inputs that may echo (never identity numbers or images). */
export function echoable(elements: readonly PageElement[], values: FormValues): FormValues {
  const echo = new Set(elements.flatMap((element) => element.inputs.filter((input) => input.echo).map((input) => input.name)));
  return new Map([...values].filter(([name]) => echo.has(name)));
}

/**
 * The submit a form makes, as an API client would send it: every required element as a participant (one left
 * empty is refused as a missing element), each optional one only when something was given for it, and their
 * parts of the subject.
 */
export function formSubmission(elements: readonly PageElement[], fields: FormFields, values: FormValues): Submission {
  const interactionId = fields[INTERACTION_FIELD];
  const participating = elements.flatMap((element) => {
    const part = element.subject(values);
    return element.spec === 'required' || part !== undefined ? [{ element, part }] : [];
  });
  return {
    interactionId: typeof interactionId === 'string' ? interactionId : '',
    refs: participating.map(({ element }) => ({ ref: element.ref, element: element.id })),
    subject: participating.reduce<Subject>((subject, { part }) => (part ? mergeSubject(subject, part) : subject), {}),
  };
}
