import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import puppeteer, { type Browser, type ElementHandle, type Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, chromiumLaunchOptions } from '../../../test/support/chromium.js';
import { type ClockOptions, createSimulator, loadJourneys, type RunningSimulator, type Simulator } from '../src/index.js';
import { IDS, JOURNEYS_DIR } from './harness.js';

if (!chromium && !process.env.CI)
  console.warn('chromium is not installed: the hosted page browser tests are skipped (apt-get install chromium)');

const journeys = await loadJourneys(JOURNEYS_DIR);

/** A 1×1 grey PNG whose `tEXt` chunk says `text`: an image a browser uploads, whose decoded bytes the journey's rules read. */
function png(text: string): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 0, 0, 0, 0])),
    chunk('tEXt', Buffer.from(`Comment\0${text}`, 'latin1')),
    chunk('IDAT', deflateSync(Buffer.from([0, 0x80]))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A simulator on loopback, and v2 calls over real HTTP with the demo client's tokens. */
async function served(clock: ClockOptions) {
  const sim: Simulator = createSimulator({ journeys, clock });
  const running: RunningSimulator = await sim.listen({ port: 0 });
  const v2 = async (path: string, body: unknown, region = 'eu') => {
    const response = await fetch(`${running.url}/${region}/v2/captain/journey/${path}`, {
      method: 'POST',
      // A fresh token per call: on a clock 1000 times as fast, a token of an hour lasts 3.6 s.
      headers: { authorization: `Bearer ${sim.issueToken()}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: await response.json() };
  };
  const start = async (resourceId: string) => {
    const reply = await v2('start', { resourceId, context: { config: { delivery: 'page' }, subject: {} } });
    expect(reply.status).toBe(201);
    expect(reply.body.instanceUrl).toBe(`${running.url}/page/${reply.body.instanceId}`);
    return reply.body as { instanceId: string; instanceUrl: string };
  };
  return { sim, running, v2, start };
}

/** Clicks the form's button and waits for the page the redirect (or the refused form) brings. */
async function submit(page: Page): Promise<void> {
  await Promise.all([page.waitForNavigation(), page.click('button[type=submit]')]);
}

const text = (page: Page, selector: string) => page.$eval(selector, (element) => element.textContent ?? '');
const field = (name: string) => `[name="${name}"]`;

async function uploadTo(page: Page, name: string, file: string): Promise<void> {
  const input = (await page.$(field(name))) as ElementHandle<HTMLInputElement> | null;
  if (!input) throw new Error(`the page has no input ${name}`);
  await input.uploadFile(file);
}

describe.skipIf(!chromium && !process.env.CI)('the hosted page in headless Chromium', () => {
  let browser: Browser;
  let dir: string;

  beforeAll(async () => {
    if (!chromium) throw new Error('chromium is not installed, and CI must run this test: install it (apt-get install chromium)');
    dir = await mkdtemp(join(tmpdir(), 'journey-sim-page-'));
    browser = await puppeteer.launch(chromiumLaunchOptions(join(dir, 'profile')));
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('completes a data journey from instanceUrl to the outcome, which state fetch confirms', async () => {
    const { running, v2, start } = await served({ scale: 1000 });
    const page = await browser.newPage();
    try {
      const { instanceId, instanceUrl } = await start(IDS.dataCheckV2);
      await page.goto(instanceUrl);
      expect(await text(page, 'h1')).toBe('Personal details');
      await page.locator(field('FullName/firstName')).fill('Ada');
      await page.locator(field('FullName/lastNames')).fill('Lovelace');
      await page.locator(field('DateOfBirth/dateOfBirth')).fill('1990-12-10');
      await page.locator(field('CurrentAddress/currentAddress.lines')).fill('1 Main Street\nFlat 2');
      await page.locator(field('CurrentAddress/currentAddress.locality')).fill('London');
      await page.locator(field('CurrentAddress/currentAddress.postalCode')).fill('N1 1AA');
      await page.locator(field('CurrentAddress/currentAddress.country')).fill('GB');
      await submit(page);
      // The modules run 1.2 s of virtual time, 1.2 ms here: the page may reload itself once before it shows the end.
      await page.waitForSelector('#outcome', { timeout: 15_000 });
      const outcome = await text(page, '#outcome');
      expect(outcome).toBe('Decision: Accept');

      const state = await v2('state/fetch', { instanceId });
      expect(state.body.status).toBe('Completed');
      expect(state.body.context.result.outcome).toBe(outcome);
      expect(await text(page, '#status')).toBe(state.body.status);
      expect(state.body.context.subject.identity.currentAddress).toEqual({
        lines: ['1 Main Street', 'Flat 2'],
        locality: 'London',
        postalCode: 'N1 1AA',
        country: 'GB',
      });
    } finally {
      await page.close();
      await running.close();
    }
  }, 60_000);

  it('completes a document journey: a refused form, uploads, the back the classification asks for, the outcome', async () => {
    const { sim, running, v2, start } = await served({ manual: true });
    const page = await browser.newPage();
    const front = join(dir, 'licence-front.png');
    const back = join(dir, 'licence-back.png');
    const selfie = join(dir, 'selfie.png');
    await writeFile(front, png('DRIVING LICENCE front'));
    await writeFile(back, png('DRIVING LICENCE back'));
    await writeFile(selfie, png('MISMATCH selfie'));
    try {
      const { instanceId, instanceUrl } = await start(IDS.onboardingV2);
      await page.goto(instanceUrl);
      await page.locator(field('Consent/dataProcessing')).fill('true');
      await page.select(field('Consent/marketing'), 'no');
      await page.locator(field('FullName/firstName')).fill('Ada');
      await page.locator(field('FullName/lastNames')).fill('Lovelace');
      await page.locator(field('DateOfBirth/dateOfBirth')).fill('1990-12-10');
      await page.locator(field('MobilePhone/number')).fill('07700 900123');
      await uploadTo(page, 'PrimaryDocument/side1Image', front);
      await uploadTo(page, 'Selfie/selfieImage', selfie);
      await submit(page);

      // Not E.164: refused as the API refuses it, with the form again and what was typed still there (uploads are not).
      expect(await text(page, '[role=alert]')).toContain('MobilePhone is not valid');
      expect(await page.$eval(field('FullName/firstName'), (input) => (input as HTMLInputElement).value)).toBe('Ada');
      expect(await page.$eval(field('PrimaryDocument/side1Image'), (input) => (input as HTMLInputElement).files?.length)).toBe(0);
      await page.locator(field('MobilePhone/number')).fill('+447700900123');
      await uploadTo(page, 'PrimaryDocument/side1Image', front);
      await uploadTo(page, 'Selfie/selfieImage', selfie);
      await submit(page);

      // The front is read before the back is asked for (3 s of virtual time): the page waits. Its reloading itself
      // is the data journey's test; on this manual clock the user's reload shows what the moved clock brought.
      expect(await text(page, '#waiting')).toContain('Reading your document');
      sim.core.clock.advance(3000);
      await page.reload();
      await page.waitForSelector(field('PrimaryDocument/side2Image'), { timeout: 15_000 });
      expect(await page.$(field('PrimaryDocument/side1Image'))).toBeNull();
      await uploadTo(page, 'PrimaryDocument/side2Image', back);
      await submit(page);

      expect(await text(page, '#waiting')).toContain('Checking your details');
      sim.core.clock.advance(2400);
      await page.reload();
      await page.waitForSelector('#outcome', { timeout: 15_000 });
      const outcome = await text(page, '#outcome');
      expect(outcome).toBe('Decision: Reject');

      const state = await v2('state/fetch', { instanceId });
      expect(state.body.status).toBe('Completed');
      expect(state.body.context.result.outcome).toBe(outcome);
      expect(state.body.context.subject.documents).toEqual([
        {
          type: 'Primary',
          side1Image: png('DRIVING LICENCE front').toString('base64'),
          side2Image: png('DRIVING LICENCE back').toString('base64'),
        },
      ]);
      expect(state.body.context.subject.consent).toEqual({ dataProcessing: true, marketing: false });
      expect(state.body.context.process.steps.find((step: { name: string }) => step.name === 'Facematch').outcome).toBe('No Match');
    } finally {
      await page.close();
      await running.close();
    }
  }, 60_000);
});
