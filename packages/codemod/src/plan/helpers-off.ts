/** Why the run may not call the generated module's helpers, as its markers say it: the CLI's user turned them off. */
const OFF_BY_FLAG = 'helpers are off (--no-helpers)';

/**
 * What a marker says about helpers the run may not call, or `undefined` when it may. The jscodeshift transform
 * gives its own reason: it writes one file and cannot write the helper module, whatever its user passed.
 */
export function helpersOff(options: { readonly helpers: boolean; readonly helpersOff?: string }): string | undefined {
  return options.helpers ? undefined : (options.helpersOff ?? OFF_BY_FLAG);
}
