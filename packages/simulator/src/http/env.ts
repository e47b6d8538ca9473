import type { HttpBindings } from '@hono/node-server';
import type { Region } from '@journey-bridge/contract';
import type { JournalEntry } from '../journal.js';

/** Which API a request reached; it decides the shape of error bodies. */
export type Surface = 'v2' | 'v1' | 'token' | 'control' | 'other';

/** Hono environment of the simulator's app. `Bindings` are present only when served on a port. */
export interface SimEnv {
  Bindings: Partial<HttpBindings>;
  Variables: {
    requestId: string;
    surface: Surface;
    region: Region;
    /** Identifiers a handler adds to its journal entry. */
    journal: Pick<JournalEntry, 'instanceId' | 'participants' | 'intent' | 'grantType'>;
    /** The request body's bytes once read: a delayed request is read in full before its delay. */
    receivedBody: Buffer | undefined;
  };
}
