import { createHash } from 'node:crypto';
import { Html, type HtmlValue, html } from './html.js';

const STYLE = `
body{font:16px/1.5 system-ui,sans-serif;max-width:36rem;margin:2rem auto;padding:0 1rem;color:#1b1b1b}
fieldset{border:1px solid #ccc;border-radius:6px;margin:0 0 1rem;padding:.5rem 1rem 1rem}
label{display:block;margin:.75rem 0 .25rem;font-weight:600}
label.consent{font-weight:400}
input:not([type=checkbox]),select,textarea{display:block;width:100%;box-sizing:border-box;padding:.4rem;font:inherit}
.hint{display:block;font-weight:400;color:#555;font-size:.9rem}
.problems{border-left:4px solid #b00020;background:#fdecee;padding:.5rem 1rem;margin:0 0 1rem}
button{font:inherit;padding:.5rem 1.5rem}
`;

/**
 * The headers of every hosted page: nothing runs or loads but the page's own style, forms post only to the page,
 * and neither the address (it names the instance) nor the answer is kept or passed on.
 */
export const PAGE_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': `default-src 'none'; style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'`,
  'Cache-Control': 'no-store',
  'Referrer-Policy': 'no-referrer',
  'X-Content-Type-Options': 'nosniff',
};

/** Seconds between reloads of a page that waits for the journey. */
const REFRESH_SECONDS = 1;

/** A whole document; `refresh` reloads it every `REFRESH_SECONDS` (no script). */
export function layout(title: string, body: HtmlValue, { refresh = false }: { refresh?: boolean } = {}): Html {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
${refresh && html`<meta http-equiv="refresh" content="${REFRESH_SECONDS}">`}
<title>${title}</title>
<style>${new Html(STYLE)}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}
