// journey-codemod: unsupported [codemod.unrecognized-v1-url] v1 URL text outside a call the codemod recognises: "https://eu.platform.go.gbgplc.com/eu/captain/api/journey/" → v2: the v2 call for each request sent to it, bodies and answers too, not the URL alone (see the journey-codemod docs)
const BASE = 'https://eu.platform.go.gbgplc.com/eu/captain/api/journey/';

/** The URL of a journey operation: the operation resolved against the v1 journey base. */
export function journeyUrl(operation: string): string {
  return new URL(operation, BASE).toString();
}
