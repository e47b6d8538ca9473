import { describe, expect, it } from 'vitest';
import { loadJourneys, parseJourney } from '../src/index.js';
import { b64, harness, IDS, JOURNEYS_DIR } from './harness.js';
import { asked, expectLabelled, formInteractionId, pageForm, postForm, startPage, upload } from './page-html.js';

/** A journey of one element with a field of every format a journey may describe, and no modules. */
const everyFormat = parseJourney({
  id: 'every-format',
  name: 'Every format',
  region: 'eu',
  version: 1,
  resourceIds: { v1: { production: 'ef-v1', preview: 'ef-v1-preview' }, v2: { production: 'ef-v2', preview: 'ef-v2-preview' } },
  elements: {
    Profile: {
      fields: {
        nickname: { path: 'profile.nickname', format: 'text' },
        email: { path: 'profile.email', format: 'email', required: false },
        phone: { path: 'profile.contact.phone', format: 'phone' },
        since: { path: 'profile.since', format: 'date', required: false },
        newsletter: { path: 'profile.newsletter', format: 'boolean', required: false },
        terms: { path: 'profile.terms', format: 'accepted' },
        signature: { path: 'profile.signature', format: 'base64', required: false },
      },
    },
  },
  segments: [{ id: 'profile', name: 'Your profile', variantId: 'collect-profile', collects: [{ element: 'Profile', spec: 'required' }] }],
});

const PERSON = {
  'FullName/firstName': 'Ada',
  'FullName/lastNames': 'Lovelace',
  'DateOfBirth/dateOfBirth': '1990-12-10',
};

describe('hosted page: the form', () => {
  it('asks for each element of the interaction not yet provided, one labelled input per field, of its kind', async () => {
    const h = harness();
    const { instanceId, path } = await startPage(h, IDS.fraudV2, {}, 'us');
    const page = await h.send(path);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(asked(page.body)).toEqual([
      { name: 'FullName/firstName', kind: 'text', required: true },
      { name: 'FullName/lastNames', kind: 'text', required: true },
      { name: 'DateOfBirth/dateOfBirth', kind: 'date', required: true },
      { name: 'SSN/idNumber', kind: 'text', required: true },
      // CurrentAddress is optional here: its parts are offered, none required.
      { name: 'CurrentAddress/currentAddress.lines', kind: 'textarea', required: false },
      { name: 'CurrentAddress/currentAddress.locality', kind: 'text', required: false },
      { name: 'CurrentAddress/currentAddress.postalCode', kind: 'text', required: false },
      { name: 'CurrentAddress/currentAddress.country', kind: 'text', required: false },
    ]);
    expectLabelled(page.body);
    expect(page.body).not.toContain('multipart/form-data');
    // The form names the interaction the API shows, so a stale form is refused as a stale submit is.
    expect(formInteractionId(page.body)).toBe((await h.interaction(instanceId, 'us')).interactionId);
  });

  it('asks for document sides and the selfie as image uploads, in a multipart form', async () => {
    const h = harness();
    const { path } = await startPage(h, IDS.docSelfieV2);
    const document = await h.send(path);
    expect(asked(document.body)).toEqual([
      { name: 'PrimaryDocument/side1Image', kind: 'file', required: true },
      // The journey's documents have no back ("documentSide2": "never"): the catalogue's optional field, offered as such.
      { name: 'PrimaryDocument/side2Image', kind: 'file', required: false },
      { name: 'FullName/firstName', kind: 'text', required: false },
      { name: 'FullName/lastNames', kind: 'text', required: false },
    ]);
    expect(document.body).toContain('enctype="multipart/form-data"');
    expect(document.body).toMatch(/name="PrimaryDocument\/side1Image" type="file" accept="image\/\*" required>/);
    expectLabelled(document.body);

    const { sim } = h;
    expect((await postForm(h, path, await pageForm(h, path, { 'PrimaryDocument/side1Image': upload('front-of-passport') }))).status).toBe(
      303,
    );
    sim.core.clock.advance(2000);
    const selfie = await h.send(path);
    expect(asked(selfie.body)).toEqual([{ name: 'Selfie/selfieImage', kind: 'file', required: true }]);
    expectLabelled(selfie.body);
  });

  it('renders each format a journey describes: text, email, tel, date, a yes/no choice, a consent box, an upload', async () => {
    const h = harness({ journeys: [everyFormat] });
    const { instanceId, path } = await startPage(h, 'ef-v2@latest');
    const page = await h.send(path);
    expect(asked(page.body)).toEqual([
      { name: 'Profile/nickname', kind: 'text', required: true },
      { name: 'Profile/email', kind: 'email', required: false },
      { name: 'Profile/phone', kind: 'tel', required: true },
      { name: 'Profile/since', kind: 'date', required: false },
      { name: 'Profile/newsletter', kind: 'select', required: false },
      { name: 'Profile/terms', kind: 'checkbox', required: true },
      { name: 'Profile/signature', kind: 'file', required: false },
    ]);
    expectLabelled(page.body);
    expect(page.body).toContain('<option value="yes">Yes</option><option value="no">No</option>');

    const form = await pageForm(h, path, {
      'Profile/nickname': ' Ada ',
      'Profile/phone': '+447700900123',
      'Profile/newsletter': 'no',
      'Profile/terms': 'true',
      'Profile/signature': upload('signed'),
    });
    expect((await postForm(h, path, form)).status).toBe(303);
    const state = await h.state(instanceId);
    expect(state.context.result.outcome).toBe('Decision: Accept');
    expect(state.context.subject).toEqual({
      profile: { nickname: 'Ada', contact: { phone: '+447700900123' }, newsletter: false, terms: true, signature: b64('signed') },
    });
  });

  it('leaves out what prefill provided', async () => {
    const h = harness();
    const { path } = await startPage(h, IDS.dataCheckV2, { identity: { firstName: 'Ada', lastNames: ['Lovelace'] } });
    expect(asked((await h.send(path)).body).map(({ name }) => name)).toEqual([
      'DateOfBirth/dateOfBirth',
      'CurrentAddress/currentAddress.lines',
      'CurrentAddress/currentAddress.locality',
      'CurrentAddress/currentAddress.postalCode',
      'CurrentAddress/currentAddress.country',
    ]);
  });
});

describe('hosted page: a submit', () => {
  it('advances the journey as the API submit does: 303 to the page, a page that reloads while modules run, then the outcome', async () => {
    const h = harness();
    const { instanceId, path } = await startPage(h, IDS.dataCheckV2);
    const form = new URLSearchParams({ interactionId: String(formInteractionId((await h.send(path)).body)), ...PERSON });
    const posted = await postForm(h, path, form);
    expect(posted.status).toBe(303);
    expect(posted.headers.get('location')).toBe(path);
    expect(h.journal.list({ method: 'POST', path })).toMatchObject([
      { status: 303, instanceId, participants: ['FullName', 'DateOfBirth'] },
    ]);

    const processing = await h.send(path);
    expect(processing.status).toBe(200);
    expect(processing.body).toContain('<meta http-equiv="refresh" content="1">');
    expect(processing.body).toContain('Checking your details');
    expect(asked(processing.body)).toEqual([]);
    expect((await h.interaction(instanceId)).processing).toBe(true);

    h.clock.advance(1200);
    const outcome = await h.send(path);
    expect(outcome.body).not.toContain('http-equiv="refresh"');
    const state = await h.state(instanceId);
    expect(state.status).toBe('Completed');
    expect(state.context.result.outcome).toBe('Decision: Accept');
    expect(outcome.body).toContain('<p id="outcome">Decision: Accept</p>');
    expect(outcome.body).toContain('<dd id="status">Completed</dd>');
  });

  it('stores what an API client sending the same data stores, and reaches the same result', async () => {
    const h = harness();
    const viaPage = await startPage(h, IDS.dataCheckV2);
    const form = await pageForm(h, viaPage.path, {
      ...PERSON,
      'FullName/lastNames': 'Review',
      'CurrentAddress/currentAddress.lines': '1 Main Street\r\n\r\n Flat 2 ',
      'CurrentAddress/currentAddress.locality': 'London',
      'CurrentAddress/currentAddress.postalCode': 'N1 1AA',
      'CurrentAddress/currentAddress.country': 'GB',
    });
    expect((await postForm(h, viaPage.path, form)).status).toBe(303);
    const viaApi = await h.startV2(IDS.dataCheckV2, {}, 'page');
    const subject = {
      identity: {
        firstName: 'Ada',
        lastNames: ['Review'],
        dateOfBirth: '1990-12-10',
        currentAddress: { lines: ['1 Main Street', 'Flat 2'], locality: 'London', postalCode: 'N1 1AA', country: 'GB' },
      },
    };
    expect((await h.submit(viaApi, ['FullName', 'DateOfBirth', 'CurrentAddress'], subject)).status).toBe(200);
    h.clock.advance(1200);
    const [page, api] = [await h.state(viaPage.instanceId), await h.state(viaApi)];
    expect(page.context.subject).toEqual(subject);
    expect(page.context.result).toEqual(api.context.result);
    expect(page.context.result.outcome).toBe('Decision: Manual review');
    expect((await h.send(viaPage.path)).body).toContain('<p id="outcome">Decision: Manual review</p>');
  });

  it('shows a required element left empty as the API refuses it: 400, the form again with the problem, nothing stored', async () => {
    const h = harness();
    const { instanceId, path } = await startPage(h, IDS.dataCheckV2);
    const refused = await postForm(h, path, await pageForm(h, path, { 'DateOfBirth/dateOfBirth': '1990-12-10' }));
    expect(refused.status).toBe(400);
    expect(refused.body).toContain('role="alert"');
    expect(refused.body).toContain('FullName is missing: context.subject.identity.firstName');
    expect(asked(refused.body).map(({ name }) => name)).toContain('FullName/firstName');
    // What was typed is shown again, so it need not be typed twice.
    expect(refused.body).toMatch(/name="DateOfBirth\/dateOfBirth" type="date" required autocomplete="bday" value="1990-12-10">/);
    expect((await h.interaction(instanceId)).outstanding).toEqual(['FullName', 'DateOfBirth', 'CurrentAddress']);
  });

  it('shows invalid data as a 400 with the problem, where the API answers 409', async () => {
    const h = harness();
    const { instanceId, path } = await startPage(h, IDS.dataCheckV2);
    const refused = await postForm(h, path, await pageForm(h, path, { ...PERSON, 'DateOfBirth/dateOfBirth': '1990-13-45' }));
    expect(refused.status).toBe(400);
    expect(refused.body).toContain('DateOfBirth is not valid: context.subject.identity.dateOfBirth');
    expect(h.journal.list({ method: 'POST', path })).toMatchObject([{ status: 400, participants: ['FullName', 'DateOfBirth'] }]);
    expect((await h.interaction(instanceId)).outstanding).toEqual(['FullName', 'DateOfBirth', 'CurrentAddress']);
  });

  it('escapes what it shows again and never shows an identity number again', async () => {
    const h = harness();
    const { path } = await startPage(h, IDS.fraudV2, {}, 'us');
    const form = await pageForm(h, path, {
      'FullName/firstName': '"><script>alert(1)</script>',
      'DateOfBirth/dateOfBirth': '1990-12-10',
      'SSN/idNumber': '987-65-4320',
    });
    const refused = await postForm(h, path, form);
    expect(refused.status).toBe(400);
    expect(refused.body).not.toContain('<script>');
    expect(refused.body).toContain('value="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
    expect(refused.body).not.toContain('987-65-4320');
    expect(refused.body).toMatch(/name="SSN\/idNumber" type="text" required autocomplete="off">/);
  });

  it('asks for the back alone once the classification wants it, and waits while it reads the front', async () => {
    const h = harness();
    const { instanceId, path } = await startPage(h, IDS.onboardingV2);
    const form = await pageForm(h, path, {
      ...PERSON,
      'Consent/dataProcessing': 'true',
      'MobilePhone/number': '+447700900123',
      'PrimaryDocument/side1Image': upload('DRIVING LICENCE front'),
      'Selfie/selfieImage': upload('a-selfie'),
    });
    expect((await postForm(h, path, form)).status).toBe(303);
    const reading = await h.send(path);
    expect(reading.body).toContain('Reading your document');
    expect(reading.body).toContain('<meta http-equiv="refresh" content="1">');

    h.clock.advance(3000);
    const back = await h.send(path);
    expect(asked(back.body).filter(({ required }) => required)).toEqual([
      { name: 'PrimaryDocument/side2Image', kind: 'file', required: true },
    ]);
    expect(asked(back.body).map(({ name }) => name)).not.toContain('PrimaryDocument/side1Image');
    expect((await postForm(h, path, await pageForm(h, path, { 'PrimaryDocument/side2Image': upload('back') }))).status).toBe(303);
    expect(h.journal.list({ method: 'POST', path }).at(-1)?.participants).toEqual(['PrimaryDocument']);

    h.clock.advance(2400);
    const state = await h.state(instanceId);
    expect(state.context.subject.documents).toEqual([
      { type: 'Primary', side1Image: b64('DRIVING LICENCE front'), side2Image: b64('back') },
    ]);
    expect(state.context.subject.consent).toEqual({ dataProcessing: true });
    expect((await h.send(path)).body).toContain(`<p id="outcome">${state.context.result.outcome}</p>`);
  });

  it('refuses a form sent after the end with 409, and shows the outcome beside the problem', async () => {
    const h = harness();
    const { path } = await startPage(h, IDS.dataCheckV2);
    const form = await pageForm(h, path, PERSON);
    expect((await postForm(h, path, form)).status).toBe(303);
    const again = await postForm(h, path, form);
    // While modules run no interaction takes data: 400, as the API answers, on the page that reloads.
    expect(again.status).toBe(400);
    expect(again.body).toContain('no interaction is active while modules run');
    h.clock.advance(1200);
    const late = await postForm(h, path, form);
    expect(late.status).toBe(409);
    expect(late.body).toContain('the journey is Completed: no interaction accepts data');
    expect(late.body).toContain('<p id="outcome">Decision: Accept</p>');
  });

  it('reads a form whose body a latency fault received before the page did', async () => {
    const h = harness();
    const { instanceId, path } = await startPage(h, IDS.docSelfieV2);
    h.sim.core.faults.add({ path: '/page/*', method: 'POST', latencyMs: 1 });
    const form = await pageForm(h, path, { 'PrimaryDocument/side1Image': upload('front-of-passport') });
    expect((await postForm(h, path, form)).status).toBe(303);
    expect(h.journal.list({ method: 'POST', path })).toMatchObject([{ status: 303, fault: expect.any(String) }]);
    expect((await h.state(instanceId)).context.subject.documents).toEqual([
      { type: 'Primary', side1Image: b64('front-of-passport'), side2Image: '' },
    ]);
  });

  it('shows the failure of a module as the state gives it', async () => {
    const h = harness();
    const { instanceId, path } = await startPage(h, IDS.dataCheckV2);
    expect(await postForm(h, path, await pageForm(h, path, { ...PERSON, 'FullName/lastNames': 'Outage' }))).toMatchObject({ status: 303 });
    h.clock.advance(1200);
    const page = await h.send(path);
    expect((await h.state(instanceId)).status).toBe('Failed');
    expect(page.body).toContain('<p id="outcome">Error: module Identity data check failed</p>');
    expect(page.body).toContain('<dd id="status">Failed</dd>');
  });
});

it('the bundled journeys each render a labelled form for page delivery', async () => {
  const h = harness();
  for (const journey of await loadJourneys(JOURNEYS_DIR)) {
    const { path } = await startPage(h, `${journey.resourceIds.v2.production}@latest`, {}, journey.region);
    const page = await h.send(path);
    expect(page.status, journey.id).toBe(200);
    expectLabelled(page.body);
  }
});
