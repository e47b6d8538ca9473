import { fileURLToPath } from 'node:url';

/**
 * The directory of the journeys this package ships (`journeys/` beside `src/` and `dist/`): what `journey-sim`
 * serves by default, and what `loadJourneys(bundledJourneysDir)` reads in your own tests.
 */
export const bundledJourneysDir: string = fileURLToPath(new URL('../journeys', import.meta.url));
