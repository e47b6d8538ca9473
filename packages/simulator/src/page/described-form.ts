import { type DescribedField, type FieldFormat, setAtPath } from '@journey-bridge/contract';
import type { ElementForm, InputKind } from './form-model.js';

/** `dataProcessing` → `data processing`, `MobilePhone` → `Mobile phone`. */
const words = (name: string): string => name.replace(/(?<=[a-z0-9])(?=[A-Z])/g, ' ').toLowerCase();
const capitalised = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

const KINDS: Readonly<Record<FieldFormat, InputKind>> = {
  text: 'text',
  email: 'email',
  phone: 'tel',
  date: 'date',
  boolean: 'yes-no',
  accepted: 'consent',
  base64: 'file',
};
const HINTS: Partial<Record<FieldFormat, string>> = { phone: 'in international format, such as +447700900123' };

/** A form value as the field's format stores it: a yes/no choice or a ticked consent as a boolean. */
const typed = (format: FieldFormat, value: string): unknown =>
  format === 'boolean' ? value === 'yes' : format === 'accepted' ? value === 'true' : value;

/** An element the journey describes as data (`MobilePhone`): one input per field, of its format. */
export function described(id: string, fields: Readonly<Record<string, DescribedField>>, required: boolean): ElementForm {
  const entries = Object.entries(fields).map(([field, description]) => ({ name: `${id}/${field}`, field, description }));
  return {
    label: capitalised(words(id)),
    ref: id,
    inputs: entries.map(({ name, field, description: { format, required: fieldRequired } }) => ({
      name,
      label: capitalised(words(field)),
      kind: KINDS[format],
      required: required && fieldRequired,
      echo: format !== 'base64',
      ...(HINTS[format] && { hint: HINTS[format] }),
    })),
    subject: (values) => {
      const part: Record<string, unknown> = {};
      let given = false;
      for (const { name, description } of entries) {
        const value = values.get(name);
        if (value === undefined) continue;
        setAtPath(part, description.path, typed(description.format, value));
        given = true;
      }
      return given ? part : undefined;
    },
  };
}
