import type { JourneyMap } from '@journey-bridge/contract';
import { SUPPORTED_EXTENSIONS } from './parse/parse-source.js';

/** Options of `runCodemod`; the CLI maps its flags onto these. */
export interface CodemodOptions {
  /** Files, directories or globs. */
  readonly paths: readonly string[];
  /** Where relative paths and globs are resolved. @default process.cwd() */
  readonly cwd?: string;
  /** Plan and report, write nothing. @default false */
  readonly dry?: boolean;
  /** v1 resourceId → v2 resourceId, for journey starts. Unmapped ids are marked, never guessed. */
  readonly journeyMap?: JourneyMap;
  /** `context.config.delivery` added to starts. @default 'api' */
  readonly delivery?: 'api' | 'page';
  /** Derive participants at run time with the `participantsFor` helper when the subject is not visible. @default true */
  readonly helpers?: boolean;
  /** Extensions to read. @default ts, tsx, js, jsx, mjs, cjs (and mts, cts) */
  readonly extensions?: readonly string[];
  /** Files larger than this many bytes are refused: generated or bundled code, not source to migrate. @default 1 MiB */
  readonly maxFileBytes?: number;
  /**
   * Name the lines of sites, of `v2Unfollowed` and in their reasons in the files as read, rather than as the run
   * leaves them (or would, when dry): what a check of the code as it is reports. Markers always name lines of the
   * files they are written into. @default false
   */
  readonly linesAsRead?: boolean;
  /** Worker threads for parsing and planning. @default 1 */
  readonly cpus?: number;
  /** Called after each file is planned, for progress bars. */
  readonly onProgress?: (done: number, total: number) => void;
}

export const DEFAULT_EXTENSIONS = SUPPORTED_EXTENSIONS;
export const DEFAULT_MAX_FILE_BYTES = 1024 * 1024;
