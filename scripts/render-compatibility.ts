/** `pnpm docs:compatibility`: writes docs/compatibility.md from the change register. */
import { writeFile } from 'node:fs/promises';
import { renderCompatibilityDoc } from '@journey-bridge/contract';

const target = new URL('../docs/compatibility.md', import.meta.url);
await writeFile(target, renderCompatibilityDoc());
process.stdout.write(`wrote ${target.pathname}\n`);
