import { BadRequestError, createV1Client, staticToken } from '@journey-bridge/client';
import { createSimulator } from '@journey-bridge/simulator';
import { afterAll, describe, expect, it } from 'vitest';
import { journeyMap, journeys, variantIds } from '../../adapter/test/targets.js';
import { journeyMapFile, removeTempDirs, serveArgs, startShimCli } from './shim-cli.js';

// The bundled onboarding journey collects Consent and MobilePhone, which the specification does not name.
const described = journeys.find((journey) => journey.id === 'onboarding')?.elements ?? {};
const b64 = (text: string) => Buffer.from(text.padEnd(64, '.')).toString('base64');
const everything = {
  identity: { firstName: 'Ada', lastNames: ['Lovelace'], dateOfBirth: '1985-12-10' },
  biometrics: [{ selfieImage: b64('me') }],
  documents: [{ side1Image: b64('PASSPORT'), side2Image: '', type: 'Primary' }],
  consent: { dataProcessing: true },
  contact: { mobilePhone: '+447700900123' },
};

const sim = createSimulator({ journeys, clock: { manual: true } });
const upstream = await sim.listen();
const v2 = `${upstream.url}/eu/v2/captain/`;
// Described by the structured journey-map file, and by the --elements flag; and a shim told nothing.
const withFile = await startShimCli(
  serveArgs(v2, await journeyMapFile({ journeys: journeyMap, variantIds, elements: described }), '--log-level', 'warn'),
);
const withFlag = await startShimCli(
  serveArgs(v2, await journeyMapFile(journeyMap), '--elements', JSON.stringify(described), '--log-level', 'warn'),
);
const without = await startShimCli(serveArgs(v2, await journeyMapFile(journeyMap), '--log-level', 'warn'));
afterAll(async () => {
  await Promise.all([withFile.stop(), withFlag.stop(), without.stop()]);
  await upstream.close();
  await removeTempDirs();
});

/** Validate of the whole onboarding subject in plain HTTP through a shim. */
async function validate(url: string) {
  const api = createV1Client({ baseUrl: `${url}/captain/api/`, auth: staticToken(sim.issueToken()), retry: { limit: 0 } });
  const { instanceId } = await api.startJourney({
    resourceId: 'a3c5e7f9onboarding-v1@latest',
    context: { config: { async: true }, subject: {} },
  });
  const taskId = (await api.listTasks({ instanceId })).tasks[0]?.taskId ?? '';
  return api.updateTask({ intent: 'Validate', instanceId, taskId, context: { subject: everything } });
}

describe('journey-bridge serve with elements beyond the specification’s six', () => {
  it('validates described elements, from the journey-map file or the --elements flag', async () => {
    await expect(validate(withFile.url)).resolves.toMatchObject({ valid: true });
    await expect(validate(withFlag.url)).resolves.toMatchObject({ valid: true });
  });

  it('refuses to claim valid: true for elements it was not told about, naming them and the setting', async () => {
    const error = await validate(without.url).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(BadRequestError);
    expect((error as BadRequestError).v1Error?.message).toContain('Consent and MobilePhone cannot be validated');
  });
});
