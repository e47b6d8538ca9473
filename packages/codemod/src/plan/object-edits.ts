import type { Node, ObjectExpression, ObjectProperty } from '@babel/types';
import { keyName } from '../parse/walk.js';
import type { FileContext } from './file-context.js';
import type { TextEdit } from './types.js';

/** The property `name` of an object literal. */
export function propertyOf(object: ObjectExpression, name: string): ObjectProperty | undefined {
  return object.properties.find((property): property is ObjectProperty => property.type === 'ObjectProperty' && keyName(property) === name);
}

/** Removes a property with its comma, keeping the layout of the others. */
export function removeProperty(ctx: FileContext, object: ObjectExpression, property: Node): TextEdit {
  const index = object.properties.indexOf(property as ObjectExpression['properties'][number]);
  const next = object.properties[index + 1];
  const previous = object.properties[index - 1];
  if (next) return { file: ctx.file, start: property.start ?? 0, end: next.start ?? 0, text: '' };
  if (previous) {
    // The last property: drop it and the comma before it, keep a trailing comma if there was one.
    const after = ctx.source.slice(property.end ?? 0, (object.end ?? 0) - 1);
    const trailingComma = /^\s*,/.test(after);
    const end = trailingComma ? (property.end ?? 0) + after.indexOf(',') + 1 : (property.end ?? 0);
    return { file: ctx.file, start: previous.end ?? 0, end, text: trailingComma ? ',' : '' };
  }
  return { file: ctx.file, start: (object.start ?? 0) + 1, end: (object.end ?? 0) - 1, text: '' };
}

/** Removes several properties at once (one edit, so removals never overlap), the others kept in the object's layout. */
export function removeProperties(ctx: FileContext, object: ObjectExpression, removed: readonly Node[]): TextEdit | undefined {
  if (removed.length === 0) return undefined;
  if (removed.length === 1 && removed[0]) return removeProperty(ctx, object, removed[0]);
  const { properties } = object;
  const first = properties[0];
  const last = properties[properties.length - 1];
  if (!first || !last) return undefined;
  const kept = properties.filter((property) => !removed.includes(property));
  const multiline = ctx.line(first.start ?? 0) !== ctx.line(object.start ?? 0);
  const separator = multiline ? `,${ctx.eol}${ctx.source.slice(ctx.lineStart(first.start ?? 0), first.start ?? 0)}` : ', ';
  return { file: ctx.file, start: first.start ?? 0, end: last.end ?? 0, text: kept.map((property) => ctx.text(property)).join(separator) };
}

/** Inserts `text` (a property) after `after`, or first, in the object's own layout (one line or one per line). */
export function insertProperty(ctx: FileContext, object: ObjectExpression, text: string, after?: Node): TextEdit {
  const first = object.properties[0];
  if (!first) return { file: ctx.file, start: (object.start ?? 0) + 1, end: (object.end ?? 0) - 1, text: ` ${text} ` };
  const multiline = ctx.line(first.start ?? 0) !== ctx.line(object.start ?? 0);
  const indent = multiline ? ctx.source.slice(ctx.lineStart(first.start ?? 0), first.start ?? 0) : '';
  const separator = multiline ? `,${ctx.eol}${indent}` : ', ';
  if (!after) return { file: ctx.file, start: first.start ?? 0, end: first.start ?? 0, text: `${text}${separator}` };
  return { file: ctx.file, start: after.end ?? 0, end: after.end ?? 0, text: `${separator}${text}` };
}

/** Renames a property key; a shorthand `taskId` becomes `interactionId: taskId`. */
export function renameKey(ctx: FileContext, property: ObjectProperty, name: string): TextEdit {
  if (property.shorthand) return { file: ctx.file, start: property.start ?? 0, end: property.start ?? 0, text: `${name}: ` };
  return { file: ctx.file, start: property.key.start ?? 0, end: property.key.end ?? 0, text: name };
}
