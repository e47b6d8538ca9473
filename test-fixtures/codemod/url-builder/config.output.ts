const HOST = process.env.JOURNEY_HOST ?? 'https://eu.platform.go.gbgplc.com';

/** Every journey request goes to the platform through here: the operation is the path after the journey base. */
export function journeyUrl(operation: string): string {
  // journey-codemod: unsupported [codemod.unrecognized-v1-url] v1 URL text outside a call the codemod recognises: "/eu/captain/api/journey/" → v2: the v2 call for each request sent to it, bodies and answers too, not the URL alone (see the journey-codemod docs)
  return `${HOST}/eu/captain/api/journey/${operation}`;
}
