import { afterAll, describe, expect, it, vi } from 'vitest';
import { harness, IDS } from './harness.js';
import { asked, pageForm, postForm, startPage, upload } from './page-html.js';

// The simulator's only log: unexpected errors on stderr. No request to the page is one.
const consoleError = vi.spyOn(console, 'error');
afterAll(() => {
  expect(consoleError).not.toHaveBeenCalled();
  consoleError.mockRestore();
});

const PERSON = { 'FullName/firstName': 'Ada', 'FullName/lastNames': 'Lovelace', 'DateOfBirth/dateOfBirth': '1990-12-10' };

describe('hosted page: addresses it does not serve', () => {
  it('answers an unknown instance with a 404 page', async () => {
    const h = harness();
    const reply = await h.send('/page/0123456789abcdef0123456789abcdef');
    expect(reply.status).toBe(404);
    expect(reply.headers.get('content-type')).toMatch(/^text\/html/);
    expect(reply.body).toContain('<p id="message">There is no journey at this address.</p>');
    expect((await postForm(h, '/page/nope', new URLSearchParams(PERSON))).status).toBe(404);
  });

  it('answers a deleted instance with a 404 page that says so', async () => {
    const h = harness();
    const { instanceId, path } = await startPage(h, IDS.dataCheckV2);
    expect((await h.v2('state/delete', { instanceId })).status).toBe(200);
    const reply = await h.send(path);
    expect(reply.status).toBe(404);
    expect(reply.body).toContain('This journey was deleted.');
  });

  it('answers an instance of api delivery with 409: its data is collected through the API', async () => {
    const h = harness();
    const instanceId = await h.startV2(IDS.dataCheckV2, {}, 'api');
    const reply = await h.send(`/page/${instanceId}`);
    expect(reply.status).toBe(409);
    expect(reply.body).toContain('This journey was started with delivery &quot;api&quot;');
    const posted = await postForm(h, `/page/${instanceId}`, new URLSearchParams(PERSON));
    expect(posted.status).toBe(409);
    expect((await h.interaction(instanceId)).outstanding).toEqual(['FullName', 'DateOfBirth', 'CurrentAddress']);
  });

  it('answers a v1 instance as unknown: v1 has no instanceUrl', async () => {
    const h = harness();
    const started = await h.v1('start', {
      resourceId: IDS.dataCheckV1,
      context: { config: { delivery: 'page', async: true }, subject: {} },
    });
    expect((await h.send(`/page/${started.body.instanceId}`)).status).toBe(404);
  });

  it('answers other methods with 405 and Allow', async () => {
    const h = harness();
    const { path } = await startPage(h, IDS.dataCheckV2);
    const reply = await h.send(path, { method: 'PUT', body: 'x' });
    expect(reply.status).toBe(405);
    expect(reply.headers.get('allow')).toBe('GET, HEAD, POST');
    expect((await h.send(path, { method: 'HEAD' })).status).toBe(200);
  });

  it('sends every page with a policy that runs and loads nothing, keeps nothing and passes the address on to no one', async () => {
    const h = harness();
    const { path } = await startPage(h, IDS.dataCheckV2);
    for (const reply of [await h.send(path), await h.send('/page/unknown'), await postForm(h, path, new URLSearchParams())]) {
      expect(reply.headers.get('content-security-policy')).toMatch(/^default-src 'none'; style-src 'sha256-[\w+/=]+'; form-action 'self'/);
      expect(reply.headers.get('cache-control')).toBe('no-store');
      expect(reply.headers.get('referrer-policy')).toBe('no-referrer');
      expect(reply.headers.get('x-content-type-options')).toBe('nosniff');
      expect(reply.headers.get('x-request-id')).toMatch(/^[0-9a-f]{32}$/);
      expect(reply.body).not.toMatch(/<script|<img|<link|src=/);
    }
  });
});

describe('hosted page: hostile input', () => {
  const LIMIT = 64 * 1024;

  it('refuses a body over the limit with 413, streamed or announced, and stores nothing', async () => {
    const h = harness({ bodyLimitBytes: LIMIT });
    const { instanceId, path } = await startPage(h, IDS.docSelfieV2);
    const form = await pageForm(h, path, { 'PrimaryDocument/side1Image': upload('x'.repeat(LIMIT)) });
    const streamed = await postForm(h, path, form);
    expect(streamed.status).toBe(413);
    expect(streamed.body).toContain(`the request body exceeds the limit of ${LIMIT} bytes`);
    const announced = await h.send(path, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': String(LIMIT + 1) },
      body: 'a'.repeat(LIMIT + 1),
    });
    expect(announced.status).toBe(413);
    expect((await h.interaction(instanceId)).outstanding).toEqual(['PrimaryDocument/side1Image']);
  });

  it.each([
    ['a truncated multipart body', 'multipart/form-data; boundary=b', '--b\r\nContent-Disposition: form-data; name="a"\r\n\r\nvalue'],
    ['a multipart body without a boundary', 'multipart/form-data', '--b\r\nContent-Disposition: form-data; name="a"\r\n\r\nv\r\n--b--\r\n'],
    [
      'a multipart body of another boundary',
      'multipart/form-data; boundary=other',
      '--b\r\nContent-Disposition: form-data; name="a"\r\n\r\nv\r\n--b--\r\n',
    ],
    ['bytes that are no multipart at all', 'multipart/form-data; boundary=b', Buffer.from([0xc3, 0x28, 0xff, 0xfe, 0x00])],
  ])('refuses %s with 400', async (_name, type, body) => {
    const h = harness();
    const { instanceId, path } = await startPage(h, IDS.dataCheckV2);
    const reply = await h.send(path, { method: 'POST', headers: { 'content-type': type }, body });
    expect(reply.status).toBe(400);
    expect(reply.body).toContain('the request body is not valid multipart/form-data');
    expect((await h.interaction(instanceId)).outstanding).toEqual(['FullName', 'DateOfBirth', 'CurrentAddress']);
  });

  it('refuses a body that is not a form with 415', async () => {
    const h = harness();
    const { path } = await startPage(h, IDS.dataCheckV2);
    const reply = await h.send(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"FullName":"x"}' });
    expect(reply.status).toBe(415);
    expect(reply.body).toContain('Content-Type must be application/x-www-form-urlencoded or multipart/form-data');
  });

  it('refuses a field sent twice, text for an upload and an upload for text with 400 and the form', async () => {
    const h = harness();
    const twice = await startPage(h, IDS.dataCheckV2);
    const form = await pageForm(h, twice.path, PERSON);
    form.append('FullName/firstName', 'Eve');
    const doubled = await postForm(h, twice.path, form);
    expect(doubled.status).toBe(400);
    expect(doubled.body).toContain('First name was sent more than once');
    expect(asked(doubled.body).length).toBeGreaterThan(0);

    const uploads = await startPage(h, IDS.docSelfieV2);
    const text = await postForm(h, uploads.path, new URLSearchParams({ 'PrimaryDocument/side1Image': 'ZnJvbnQ=' }));
    expect(text.status).toBe(400);
    expect(text.body).toContain('Front of the document must be uploaded as a file (multipart/form-data)');

    const file = await postForm(h, twice.path, await pageForm(h, twice.path, { ...PERSON, 'FullName/firstName': upload('Ada') }));
    expect(file.status).toBe(400);
    expect(file.body).toContain('First name must be text, not a file');
    expect((await h.interaction(twice.instanceId)).outstanding).toEqual(['FullName', 'DateOfBirth', 'CurrentAddress']);
  });

  it('ignores fields the page did not ask for, whatever their names, as many as the field limit allows', async () => {
    const h = harness();
    const { instanceId, path } = await startPage(h, IDS.dataCheckV2);
    const form = await pageForm(h, path, PERSON);
    for (const name of ['__proto__', 'constructor', 'Selfie/selfieImage', 'SSN/idNumber', 'participants[]']) form.append(name, 'x');
    // Up to the limit of 1000 fields in all (hostile.test.ts sends one more: 413).
    for (let index = 0; index < 980; index += 1) form.append(`extra${index}`, 'x');
    expect((await postForm(h, path, form)).status).toBe(303);
    expect(h.journal.list({ method: 'POST', path })).toMatchObject([{ participants: ['FullName', 'DateOfBirth'] }]);
    expect((await h.state(instanceId)).context.subject).toEqual({
      identity: { firstName: 'Ada', lastNames: ['Lovelace'], dateOfBirth: '1990-12-10' },
    });
  });

  it('refuses a forged interaction id as a stale one, quoting no more than 80 characters of it', async () => {
    const h = harness();
    const { path } = await startPage(h, IDS.dataCheckV2);
    const reply = await postForm(h, path, new URLSearchParams({ ...PERSON, interactionId: `<b>${'x'.repeat(10_000)}` }));
    expect(reply.status).toBe(400);
    expect(reply.body).toContain(`interactionId &quot;&lt;b&gt;${'x'.repeat(77)}…&quot; is not the active interaction`);
    expect(reply.body).not.toContain('<b>');
  });
});
