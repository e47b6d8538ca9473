import { readFileSync } from 'node:fs';
import { JourneyMapError, resolveJourneyMap, V1Dialect } from '@journey-bridge/contract';
import { JourneyMapFileError } from '../errors/journey-map-file-error.js';

/**
 * The journey map in the JSON file at `path` (v1 resourceId → v2 resourceId), checked as `journey-bridge serve`
 * checks one. `label` names it in errors as its user gave it (`--journey-map map.json`). Throws
 * `JourneyMapFileError` for a file that cannot be read, is not JSON, or is not such a map; never quotes its text.
 */
export function readJourneyMapFile(path: string, label: string): Record<string, string> {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new JourneyMapFileError(`cannot read ${label}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new JourneyMapFileError(`${label} is not valid JSON`);
  }
  if (
    typeof parsed !== 'object' ||
    parsed === null ||
    Array.isArray(parsed) ||
    !Object.values(parsed).every((value) => typeof value === 'string')
  )
    throw new JourneyMapFileError(`${label} must be a JSON object of v1 resourceId → v2 resourceId strings`);
  const map = parsed as Record<string, string>;
  // The entries serve refuses (an exact pinned v1 id mapped to a v2 id without a version) are refused here too.
  try {
    resolveJourneyMap(map, V1Dialect.parse({}));
  } catch (error) {
    if (error instanceof JourneyMapError) throw new JourneyMapFileError(`${label}: ${error.message}`);
    throw error;
  }
  return map;
}
