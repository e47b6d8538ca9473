import { CHANGES, type VersionChange } from './change-register.js';

const FIDELITY_LABEL = { lossless: 'same', approximated: 'approximated', lost: 'lost' } as const;
const cell = (text: string) => text.replaceAll('|', '\\|').replaceAll('\n', ' ');

/** `docs/compatibility.md`, rendered from the change register so the table can never drift from the code. */
export function renderCompatibilityDoc(changes: readonly VersionChange[] = CHANGES): string {
  const rows = changes.map(
    (change) =>
      `| \`${change.id}\` | ${change.area} | ${cell(change.v1)} | ${cell(change.v2)} | ${FIDELITY_LABEL[change.fidelity]} | ${cell(change.note)} |`,
  );
  const lossy = changes.filter((change) => change.fidelity !== 'lossless').length;
  return [
    '# v1 → v2 compatibility register',
    '',
    '<!-- Generated from packages/contract/src/migration/change-register.ts by `pnpm docs:compatibility`. Do not edit. -->',
    '',
    'Every v1 field and behaviour journey-bridge knows, its v2 counterpart, and what is lost or approximated when',
    'v1 code runs on v2 through the adapter, the shim or the interceptor, or is rewritten by the codemod. The ids',
    'are stable: adapter errors and codemod markers cite them.',
    '',
    `${changes.length} changes, ${lossy} of them not lossless.`,
    '',
    '| id | area | v1 | v2 | fidelity | what journey-bridge does; what is lost |',
    '|---|---|---|---|---|---|',
    ...rows,
    '',
  ].join('\n');
}
