const BASE = 'https://eu.platform.go.gbgplc.com/eu/captain/api/journey/';

/** The URL of a journey operation: the operation resolved against the v1 journey base. */
export function journeyUrl(operation: string): string {
  return new URL(operation, BASE).toString();
}
