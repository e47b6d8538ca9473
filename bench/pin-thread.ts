/**
 * Pins one thread to one core (Linux, through util-linux's `taskset`): the cutover bench gives the primary's path
 * and the shadow's path a core each, as if the v1 and v2 services ran on machines of their own.
 */
import { execFileSync } from 'node:child_process';
import { readlinkSync } from 'node:fs';
import { cpus } from 'node:os';

/** Whether threads can be pinned here: Linux with `taskset` on the path and at least two cores. */
export function canPin(): boolean {
  if (process.platform !== 'linux' || cpus().length < 2) return false;
  try {
    execFileSync('taskset', ['-V'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/**
 * Pins the thread `tid` (a process's main thread has the process's id) to `core`. Only that thread: threads it has
 * already started (V8's GC helpers) stay free, so they do not compete with it on its core.
 */
export function pinThread(tid: number, core: number): void {
  execFileSync('taskset', ['-p', '-c', String(core), String(tid)], { stdio: 'ignore' });
}

/** The calling thread's id (`/proc/thread-self` names it), which a worker thread needs to pin itself. */
export const ownThreadId = (): number => Number(readlinkSync('/proc/thread-self').split('/').at(-1));
