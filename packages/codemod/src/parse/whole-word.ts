/** `text` matched as itself in a regular expression, as a whole word of JavaScript (`$` and `_` in it). */
export const wholeWord = (text: string): string => `(?<![\\w$])${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w$])`;
