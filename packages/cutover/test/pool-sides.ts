/** A sides module that queues work on libuv's threadpool as soon as the shadow thread loads it, as sides whose clients resolve a host would. */
import { lookup } from 'node:dns';
import type { ShadowSidesFactory } from '../src/shadow-thread/shadow-thread.js';

lookup('localhost', () => {});

const OPERATIONS = ['startJourney', 'listTasks', 'listTasksWithSchema', 'getTaskSchema', 'updateTask', 'fetchState'];
/** Answers every operation with an empty object: the probe needs only a call that comes back. */
const api = () => Object.fromEntries(OPERATIONS.map((operation) => [operation, async () => ({})]));
const createSides = () => ({ v1: api(), v2: api() }) as unknown as ReturnType<ShadowSidesFactory>;
export default createSides satisfies ShadowSidesFactory;
