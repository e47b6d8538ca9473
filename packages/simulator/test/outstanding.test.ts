import { describe, expect, it } from 'vitest';
import { b64, harness, IDS, SUBJECTS } from './harness.js';

type Harness = ReturnType<typeof harness>;

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The end-user token the bundled device-selfie journey needs on its interactions. */
async function endUserToken(h: Harness, instanceId: string): Promise<string> {
  const { connectToken } = (await h.v2('device/start', { instanceId })).body;
  return (await h.v2('device/connect', {}, bearer(connectToken))).body.endUserToken;
}

async function fetchText(h: Harness, instanceId: string, token: string): Promise<string> {
  const response = await h.sim.fetch('http://sim.test/eu/v2/captain/journey/interaction/fetch', {
    method: 'POST',
    headers: { ...bearer(token), 'content-type': 'application/json' },
    body: JSON.stringify({ instanceId }),
  });
  return response.text();
}

describe('outstanding that does not shrink (a static declaration, field-level)', () => {
  it('answers the same bytes after a successful submit, and 409 to a resend of what was taken', async () => {
    const h = harness();
    const instanceId = await h.startV2(IDS.deviceSelfieV2);
    const token = await endUserToken(h, instanceId);
    const before = await fetchText(h, instanceId, token);
    const { interactionId, outstanding, interaction } = JSON.parse(before);
    // Required fields of required elements only: no back for a one-sided document, nothing of the optional FullName.
    expect(outstanding).toEqual(['PrimaryDocument/side1Image']);
    expect(interaction.collects).toEqual([
      { ref: 'PrimaryDocument', spec: 'required' },
      { ref: 'FullName', spec: 'optional' },
    ]);

    const name = { instanceId, interactionId, participants: [{ domainElementId: 'FullName' }], context: { subject: SUBJECTS.fullName } };
    expect((await h.v2('interaction/submit', name, bearer(token))).body).toEqual({ status: 'success' });
    expect(await fetchText(h, instanceId, token)).toBe(before);
    const resend = await h.v2('interaction/submit', name, bearer(token));
    expect(resend.status).toBe(409);
    expect(resend.body.errors[0]).toMatchObject({ code: '4003', name: 'INVALID_FIELD' });

    // By default `outstanding` shrinks: on data-check, a submitted FullName leaves it.
    const shrinking = await h.startV2(IDS.dataCheckV2);
    expect((await h.submit(shrinking, ['FullName'], SUBJECTS.fullName)).status).toBe(200);
    expect((await h.interaction(shrinking)).outstanding).toEqual(['DateOfBirth', 'CurrentAddress']);
  });
});

describe('participants as live tenants take them', () => {
  it('takes field-level refs with an instruction, and a document typed "primary"', async () => {
    const h = harness();
    const instanceId = await h.startV2(IDS.deviceSelfieV2);
    const token = await endUserToken(h, instanceId);
    const { interactionId } = JSON.parse(await fetchText(h, instanceId, token));
    const submitted = await h.v2(
      'interaction/submit',
      {
        instanceId,
        interactionId,
        participants: [
          { domainElementId: 'PrimaryDocument/side1Image', instruction: 'LazySide2CollectionRequired' },
          { domainElementId: 'PrimaryDocument/side2Image' },
        ],
        context: { subject: { documents: [{ type: 'primary', side1Image: b64('front'), side2Image: '' }] } },
      },
      bearer(token),
    );
    expect(submitted).toMatchObject({ status: 200, body: { status: 'success' } });
    // The one required element is in: the interaction closed and its module runs.
    expect(JSON.parse(await fetchText(h, instanceId, token))).toMatchObject({ processing: true });
    expect(h.journal.list({ path: '*/interaction/submit', status: 200 }).map((entry) => entry.participants)).toEqual([['PrimaryDocument']]);
  });

  it('refuses a ref that names no element or a field the element does not have, without echoing it', async () => {
    const h = harness();
    const instanceId = await h.startV2(IDS.docSelfieV2);
    const { interactionId } = await h.interaction(instanceId);
    for (const ref of ['PrimaryDocument/side9Image', 'Passport/side1Image', 'Selfie/selfieImage/extra']) {
      const reply = await h.v2('interaction/submit', {
        instanceId,
        interactionId,
        participants: [{ domainElementId: ref }],
        context: { subject: SUBJECTS.document },
      });
      expect(reply.status, ref).toBe(400);
      expect(reply.body.errors[0].problem).toBe(
        'participants.0.domainElementId: must be a domain element or one of its fields, such as PrimaryDocument/side1Image',
      );
    }
  });
});
