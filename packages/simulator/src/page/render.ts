import { currentSegment, type Instance, phaseOf } from '../engine.js';
import { interactionIdOf, resultView } from '../views-v2.js';
import type { FormValues, PageElement, PageInput } from './form-model.js';
import { INTERACTION_FIELD } from './form-submission.js';
import { type Html, html } from './html.js';
import { layout } from './layout.js';

/** What a page of one instance shows beside its state: the problems of a refused submit, and what may be shown again. */
interface PageExtras {
  readonly problems?: readonly string[];
  /** Values typed into inputs that may echo them (see `echoable`). */
  readonly values?: FormValues;
}

const problemList = (problems: readonly string[] = []): Html | undefined =>
  problems.length === 0
    ? undefined
    : html`<div class="problems" role="alert"><p>That was not accepted:</p><ul>${problems.map((problem) => html`<li>${problem}</li>`)}</ul></div>`;

function inputMarkup(input: PageInput, value: string | undefined): Html {
  const id = `field-${input.name}`;
  const notes = [!input.required && input.kind !== 'consent' && 'optional', input.hint].filter(Boolean).join('; ');
  const required = input.required && html` required`;
  const autocomplete = input.autocomplete && html` autocomplete="${input.autocomplete}"`;
  const label = html`<label for="${id}">${input.label}${notes && html` <span class="hint">(${notes})</span>`}</label>`;
  switch (input.kind) {
    case 'lines':
      return html`${label}<textarea id="${id}" name="${input.name}" rows="3"${required}${autocomplete}>${value}</textarea>`;
    case 'file':
      return html`${label}<input id="${id}" name="${input.name}" type="file"${input.accept && html` accept="${input.accept}"`}${required}>`;
    case 'consent':
      return html`<label class="consent" for="${id}"><input id="${id}" name="${input.name}" type="checkbox" value="true"${required}${value === 'true' && html` checked`}> ${input.label}</label>`;
    case 'yes-no': {
      const option = (choice: string, text: string) =>
        html`<option value="${choice}"${value === choice && html` selected`}>${text}</option>`;
      return html`${label}<select id="${id}" name="${input.name}"${required}>${option('', 'Choose')}${option('yes', 'Yes')}${option('no', 'No')}</select>`;
    }
    default:
      return html`${label}<input id="${id}" name="${input.name}" type="${input.kind}"${required}${autocomplete}${value !== undefined && html` value="${value}"`}>`;
  }
}

const elementMarkup = (element: PageElement, values: FormValues | undefined): Html =>
  html`<fieldset><legend>${element.label}</legend>${element.inputs.map((input) => inputMarkup(input, values?.get(input.name)))}</fieldset>`;

/** The current interaction as a form that posts to `action`: multipart when it uploads files. */
function formPage(instance: Instance, action: string, elements: readonly PageElement[], extras: PageExtras = {}): Html {
  const segment = currentSegment(instance);
  const { name } = instance.journey;
  const uploads = elements.some((element) => element.inputs.some((input) => input.kind === 'file'));
  return layout(
    `${segment?.name ?? name} · ${name}`,
    html`<h1>${segment?.name ?? name}</h1>${problemList(extras.problems)}
<form method="post" action="${action}"${uploads && html` enctype="multipart/form-data"`}>
<input type="hidden" name="${INTERACTION_FIELD}" value="${segment && interactionIdOf(instance, segment.id)}">
${elements.map((element) => elementMarkup(element, extras.values))}
<button type="submit">Continue</button>
</form>`,
  );
}

/** A page that reloads itself while the journey works: modules run, a document is read, or the journey is paused. */
function waitingPage(title: string, message: string, extras: PageExtras = {}): Html {
  return layout(title, html`<h1>${title}</h1>${problemList(extras.problems)}<p id="waiting">${message}</p>`, { refresh: true });
}

/** The end interaction: the overall result as state fetch gives it. */
function outcomePage(instance: Instance, extras: PageExtras = {}): Html {
  const result = resultView(instance);
  const outcome = 'outcome' in result ? result.outcome : result.status === 'error' ? `Error: ${result.advice.reason}` : result.status;
  return layout(
    instance.journey.name,
    html`<h1>${instance.journey.name}</h1>${problemList(extras.problems)}<h2>Outcome</h2><p id="outcome">${outcome}</p>
<dl><dt>Journey status</dt><dd id="status">${instance.status}</dd><dt>Result</dt><dd id="result-status">${result.status}</dd></dl>`,
  );
}

/** A page that only says something: an unknown address, a journey without a hosted page, a refused request. */
export function messagePage(heading: string, message: string): Html {
  return layout(heading, html`<h1>${heading}</h1><p id="message">${message}</p>`);
}

/** What the page of `instance` shows now, with `extras` after a refused submit. */
export function journeyPage(instance: Instance, action: string, elements: readonly PageElement[], extras: PageExtras = {}): Html {
  const phase = phaseOf(instance);
  const { name } = instance.journey;
  if (phase === 'ended') return outcomePage(instance, extras);
  if (instance.status === 'Paused') return waitingPage(name, 'This journey is paused. This page reloads by itself.', extras);
  if (phase === 'processing') return waitingPage(name, 'Checking your details. This page reloads by itself.', extras);
  // Nothing required left to ask for, yet the interaction is open: a lazy classification reads the document's front.
  if (!elements.some((element) => element.spec === 'required')) {
    return waitingPage(name, 'Reading your document. This page reloads by itself.', extras);
  }
  return formPage(instance, action, elements, extras);
}
