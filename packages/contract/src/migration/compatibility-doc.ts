import { ERROR_KINDS } from '../errors.js';
import { CHANGES, DEFAULT_DECISION_OUTCOMES, FAILURE_STATUSES, V1_RESULT_LAYOUTS, type VersionChange } from './change-register.js';

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
    '## Error identifiers',
    '',
    'The adapter answers each v2 error in the v1 body with this identifier; the codemod rewrites a comparison with',
    'a v1 identifier to the v2 name when exactly one v2 name has it, and marks it for review otherwise.',
    '',
    '| HTTP | v2 `errors[0].code` | v2 `errors[0].name` | v1 `error` |',
    '|---|---|---|---|',
    ...Object.values(ERROR_KINDS).map((kind) => `| ${kind.status} | \`${kind.code}\` | \`${kind.name}\` | \`${kind.v1}\` |`),
    '',
    '## Results and statuses',
    '',
    `- A v1 journey's flow sits at ${Object.entries(V1_RESULT_LAYOUTS)
      .map(([layout, path]) => `\`${path}\` (dialect layout \`${layout}\`)`)
      .join(' or ')}; v2 keeps steps and the overall result under \`context.process.steps\` and \`context.result\`.`,
    `- The decision entry's wording, unless a journey's dialect says otherwise: ${Object.entries(DEFAULT_DECISION_OUTCOMES)
      .map(([decision, outcome]) => `${decision} → \`${outcome}\``)
      .join(', ')}.`,
    `- A v2 failure is spelled ${FAILURE_STATUSES.map((status) => `\`${status}\``).join(' or ')}; both are the v1 \`Failed\`.`,
    '',
  ].join('\n');
}
