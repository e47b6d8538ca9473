import { escapeControlCharacters } from './escape-control-characters.js';

const ENTITIES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text made safe for HTML and SVG content and attribute values, its control characters written as `\u{…}` escapes. */
export const escapeHtml = (text: string): string => escapeControlCharacters(text).replace(/[&<>"']/g, (char) => ENTITIES[char] ?? char);
