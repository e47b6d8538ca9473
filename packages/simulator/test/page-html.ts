import { expect } from 'vitest';
import type { harness } from './harness.js';

type Harness = ReturnType<typeof harness>;

/** A form control of a page as its markup says it: the tag and its attributes (`true` for one without a value). */
export interface Control {
  readonly tag: string;
  readonly attrs: Readonly<Record<string, string | true>>;
}

/** The page's inputs, selects and textareas, in order. The simulator's own markup: one tag per control, quoted values. */
export function controls(markup: string): Control[] {
  return [...markup.matchAll(/<(input|select|textarea)\b([^>]*)>/g)].map(([, tag = '', rest = '']) => ({
    tag,
    attrs: Object.fromEntries([...rest.matchAll(/([\w-]+)(?:="([^"]*)")?/g)].map(([, name = '', value]) => [name, value ?? true])),
  }));
}

/** What the form asks for: each visible control's name, kind (`text`, `date`, `file`, `select`, `textarea` …) and whether it is required. */
export function asked(markup: string): { name: string | true | undefined; kind: string | true | undefined; required: boolean }[] {
  return controls(markup)
    .filter(({ attrs }) => attrs.type !== 'hidden')
    .map(({ tag, attrs }) => ({ name: attrs.name, kind: tag === 'input' ? attrs.type : tag, required: attrs.required === true }));
}

/** Every visible control has a label that names it. */
export function expectLabelled(markup: string): void {
  const visible = controls(markup).filter(({ attrs }) => attrs.type !== 'hidden');
  expect(visible.length).toBeGreaterThan(0);
  for (const { attrs } of visible) expect(markup).toMatch(new RegExp(`<label [^>]*for="${attrs.id}"`));
}

/** The hidden interaction id of the page's form. */
export const formInteractionId = (markup: string): string | true | undefined =>
  controls(markup).find(({ attrs }) => attrs.name === 'interactionId')?.attrs.value;

/** A v2 instance of `page` delivery: its id and the path of its `instanceUrl`. */
export async function startPage(h: Harness, resourceId: string, subject: object = {}, region = 'eu') {
  const reply = await h.post(`/${region}/v2/captain/journey/start`, { resourceId, context: { config: { delivery: 'page' }, subject } });
  expect(reply.status).toBe(201);
  return { instanceId: reply.body.instanceId as string, path: new URL(reply.body.instanceUrl).pathname };
}

/** POSTs a form to the page: `URLSearchParams` as urlencoded, `FormData` as multipart. */
export const postForm = (h: Harness, path: string, body: URLSearchParams | FormData, headers: Record<string, string> = {}) =>
  h.send(path, { method: 'POST', body, headers });

/** A form of `fields` with the interaction id the page shows now, as the browser would send it. */
export async function pageForm(h: Harness, path: string, fields: Record<string, string | File>): Promise<FormData> {
  const page = await h.send(path);
  const form = new FormData();
  form.set('interactionId', String(formInteractionId(page.body)));
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return form;
}

/** An upload of `text` (the bundled journeys' rules read the decoded text of images). */
export const upload = (text: string, name = 'image.png') => new File([Buffer.from(text)], name, { type: 'image/png' });
