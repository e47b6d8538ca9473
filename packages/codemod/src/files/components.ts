/**
 * Single-file components of front-end frameworks, by extension: their script sits inside markup that the codemod
 * does not parse, and their template may read what a script answers. One that holds journey text, or imports a file
 * of the run that does, is reported and left as it is, with the flows it touches.
 */
export const COMPONENT_EXTENSIONS: Readonly<Record<string, string>> = {
  '.vue': 'a Vue single-file component',
  '.svelte': 'a Svelte component',
  '.astro': 'an Astro component',
};

/** The kind of component a file is by its extension, or `undefined` for any other file. */
export const componentKindOf = (file: string): string | undefined => {
  const dot = file.lastIndexOf('.');
  return dot === -1 ? undefined : COMPONENT_EXTENSIONS[file.slice(dot)];
};
