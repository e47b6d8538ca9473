const HOST = process.env.JOURNEY_HOST ?? 'https://eu.platform.go.gbgplc.com';

/** Every journey request goes to the platform through here: the operation is the path after the journey base. */
export function journeyUrl(operation: string): string {
  return `${HOST}/eu/captain/api/journey/${operation}`;
}
