import { Region } from '@journey-bridge/contract';
import { type Context, Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Instance } from '../engine.js';
import { SimulatorError } from '../errors/simulator-error.js';
import { participantElements, submitInteraction } from '../interaction-submit.js';
import { pageElements } from '../page/form-model.js';
import { echoable, formSubmission, formValues } from '../page/form-submission.js';
import type { Html } from '../page/html.js';
import { PAGE_HEADERS } from '../page/layout.js';
import { journeyPage, messagePage } from '../page/render.js';
import { SimError } from '../sim-error.js';
import type { SimulatorCore } from '../simulator-core.js';
import type { SimEnv } from './env.js';
import { readFormFields } from './read-body.js';

/** A request the page refuses before it reaches a journey: shown as a page of its own with `status`. */
class PageRefusal extends SimulatorError {
  override name = 'PageRefusal';
  constructor(
    readonly status: 404 | 405 | 409,
    readonly heading: string,
    message: string,
  ) {
    super(message);
  }
}

const HEADINGS: Readonly<Record<number, string>> = {
  400: 'The form could not be read',
  413: 'The upload is too large',
  415: 'The form could not be read',
};

/** A refused submit's status: data the journey cannot take is a 400 here, whatever code the API gives it. */
const submitStatus = (error: SimError): ContentfulStatusCode =>
  error.status === 409 && error.problems.every(({ kind }) => kind === 'INVALID_FIELD_CONFLICT') ? 400 : refusalStatus(error);

/** A refusal's status as Hono types it: every status a `SimError` carries is an error status with a body. */
const refusalStatus = (error: SimError): ContentfulStatusCode => error.status as ContentfulStatusCode;

/**
 * The hosted page of `page` delivery at `/page/:instanceId`, the `instanceUrl` v2 start hands out: GET shows the
 * current interaction as a form (or a page that reloads itself while the journey works, or the outcome), POST
 * takes the form through the same submit as `journey/interaction/submit` and answers 303 back to the page, or 400
 * with the form and the problems. It needs no token: the address is the end user's.
 */
export function pageRoutes(core: SimulatorCore): Hono<SimEnv> {
  const { engine, options } = core;
  const app = new Hono<SimEnv>();

  app.use('*', async (c, next) => {
    for (const [name, value] of Object.entries(PAGE_HEADERS)) c.header(name, value);
    await next();
  });

  /** The v2 instance of page delivery the address names, settled to now. */
  function pageInstance(c: Context<SimEnv>): Instance {
    const id = c.req.param('instanceId') ?? '';
    const instance = engine.get(id);
    if (instance?.version !== 'v2') {
      const deleted = Region.options.some((region) => engine.wasDeleted(id, 'v2', region));
      throw new PageRefusal(404, 'Journey not found', deleted ? 'This journey was deleted.' : 'There is no journey at this address.');
    }
    c.set('journal', { instanceId: instance.id });
    if (instance.delivery !== 'page') {
      throw new PageRefusal(
        409,
        'No hosted page',
        `This journey was started with delivery "${instance.delivery}": its data is collected through the interaction endpoints, not on a hosted page.`,
      );
    }
    return instance;
  }

  const page = (c: Context<SimEnv>, markup: Html, status: ContentfulStatusCode = 200) => c.html(markup.markup, status);

  app.get('/:instanceId', (c) => {
    const instance = pageInstance(c);
    return page(c, journeyPage(instance, c.req.path, pageElements(instance)));
  });

  app.post('/:instanceId', async (c) => {
    const instance = pageInstance(c);
    const fields = await readFormFields(c, options.bodyLimitBytes);
    const elements = pageElements(instance);
    // Echoed back after a refusal: empty if the values themselves were refused.
    let values: ReadonlyMap<string, string> = new Map();
    try {
      values = await formValues(elements, fields);
      const submission = formSubmission(elements, fields, values);
      c.set('journal', { instanceId: instance.id, participants: participantElements(submission.refs) });
      submitInteraction(engine, instance, submission);
    } catch (error) {
      if (!(error instanceof SimError)) throw error;
      const extras = { problems: error.problems.map(({ problem }) => problem), values: echoable(elements, values) };
      // A refused submit stored nothing: the elements asked for are still `elements`.
      return page(c, journeyPage(instance, c.req.path, elements, extras), submitStatus(error));
    }
    return c.redirect(c.req.path, 303);
  });

  app.all('/:instanceId', () => {
    throw new PageRefusal(405, 'Method not allowed', 'This page answers GET, and POST from its form.');
  });

  app.onError((error, c) => {
    if (error instanceof PageRefusal) {
      if (error.status === 405) c.header('Allow', 'GET, HEAD, POST');
      return c.html(messagePage(error.heading, error.message).markup, error.status);
    }
    if (error instanceof SimError) {
      const heading = HEADINGS[error.status] ?? 'The request was refused';
      return c.html(
        messagePage(heading, error.problems.map(({ problem }) => problem).join(' ')).markup,
        refusalStatus(error),
        error.headers,
      );
    }
    console.error('journey-sim: unexpected error on the hosted page', error);
    return c.html(messagePage('Something went wrong', 'The simulator failed to answer this page.').markup, 500);
  });

  return app;
}
