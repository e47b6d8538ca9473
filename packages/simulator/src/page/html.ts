const ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text made safe for HTML content and quoted attribute values. */
const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);

/** Markup that is already safe: built by `html`, never from unescaped input. */
export class Html {
  constructor(readonly markup: string) {}
}

/** What `html` interpolates: markup as is, text escaped, lists joined; `undefined`, `null` and `false` as nothing. */
export type HtmlValue = Html | string | number | readonly HtmlValue[] | undefined | null | false;

const render = (value: HtmlValue): string => {
  if (value instanceof Html) return value.markup;
  if (Array.isArray(value)) return value.map(render).join('');
  if (value === undefined || value === null || value === false) return '';
  return escapeHtml(String(value));
};

/** A template of markup whose interpolated values are escaped unless they are `Html` themselves. */
export function html(strings: TemplateStringsArray, ...values: readonly HtmlValue[]): Html {
  return new Html(strings.reduce((markup, part, index) => markup + render(values[index - 1]) + part));
}
