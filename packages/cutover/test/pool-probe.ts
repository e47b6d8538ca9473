/**
 * Run in a process of its own by shadow-thread.test.ts, where nothing has used libuv's threadpool yet: starts a
 * shadow thread whose sides module queues work on the pool at once, and prints every thread's name and nice value.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { startShadowThread } from '../src/shadow-thread/shadow-thread.js';

const thread = startShadowThread({ module: new URL('./pool-sides.ts', import.meta.url) }, () => {});
// Answered once the thread has loaded the sides module, which has queued its lookup by then.
await thread.sides.v1.fetchState({ instanceId: 'probe' });
const threads = readdirSync('/proc/self/task').map((task) => {
  const stat = readFileSync(`/proc/self/task/${task}/stat`, 'utf8');
  const nice = Number(stat.slice(stat.lastIndexOf(') ') + 2).split(' ')[16]);
  return { name: readFileSync(`/proc/self/task/${task}/comm`, 'utf8').trim(), nice };
});
process.stdout.write(JSON.stringify(threads));
await thread.close();
