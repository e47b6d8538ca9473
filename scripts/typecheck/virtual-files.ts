import { relative } from 'node:path';
import ts from 'typescript';

/** A file checked from memory, and where its problems are reported: the file it came from, at its first line. */
export interface VirtualFile {
  readonly text: string;
  /** The path problems are reported under, relative to the repository. */
  readonly shownAs: string;
  /** The line of `shownAs` this file's first line is. */
  readonly firstLine: number;
}

/**
 * A compiler host that also serves files held in memory, by absolute path: checked as if they were on disk
 * beside the real ones, so their imports resolve as those files' would, and nothing is written.
 */
export function hostWithVirtualFiles(options: ts.CompilerOptions, files: ReadonlyMap<string, VirtualFile>): ts.CompilerHost {
  const host = ts.createCompilerHost(options);
  const { fileExists, readFile, getSourceFile } = host;
  return {
    ...host,
    fileExists: (fileName) => files.has(fileName) || fileExists(fileName),
    readFile: (fileName) => files.get(fileName)?.text ?? readFile(fileName),
    getSourceFile: (fileName, languageVersion, onError, shouldCreate) => {
      const file = files.get(fileName);
      return file === undefined
        ? getSourceFile(fileName, languageVersion, onError, shouldCreate)
        : ts.createSourceFile(fileName, file.text, languageVersion);
    },
  };
}

/**
 * A diagnostic as `path:line:column - error TScode: message`, relative to `root`; a file from memory at the file
 * and line it came from.
 */
export function describeDiagnostic(diagnostic: ts.Diagnostic, virtual: ReadonlyMap<string, VirtualFile>, root: string): string {
  const message = `error TS${diagnostic.code}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`;
  const { file, start } = diagnostic;
  if (!file) return message;
  const { line, character } = file.getLineAndCharacterOfPosition(start ?? 0);
  const origin = virtual.get(file.fileName) ?? { shownAs: relative(root, file.fileName), firstLine: 1 };
  return `${origin.shownAs}:${origin.firstLine + line}:${character + 1} - ${message}`;
}
