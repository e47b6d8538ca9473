import { createRequire } from 'node:module';
import { relative, resolve, sep } from 'node:path';
import type ts from 'typescript';

// Required, not imported: an ESM import of the 9 MB CommonJS compiler runs Node's export lexer over it first, about
// half a second of CPU in every test worker.
const typescript = createRequire(import.meta.url)('typescript') as typeof ts;

/**
 * Declaration files of installed packages and of TypeScript's own libraries, parsed and bound once per test worker
 * for each set of options that changes a source file (TypeScript's own document-registry key): `@types/node` alone
 * is most of what a small app's program parses, and none of it changes during a run.
 */
const installed = new Map<string, ts.SourceFile>();
const documentRegistry = typescript.createDocumentRegistry();
const isInstalled = (fileName: string) => fileName.includes(`${sep}node_modules${sep}`) || fileName.includes('/node_modules/');

/**
 * What the file system answered about paths outside the app: the installed packages and the directories above the
 * app, which no test writes while a worker runs. Resolving `@types/node`'s own imports asks thousands of these per
 * program, half its time.
 */
const outsideAnswers = new Map<string, boolean | string | undefined>();
function remembered<T extends boolean | string | undefined>(dir: string, kind: string, ask: (path: string) => T): (path: string) => T {
  const inside = resolve(dir) + sep;
  return (path) => {
    if (resolve(path).startsWith(inside)) return ask(path);
    const key = `${kind}\0${path}`;
    if (outsideAnswers.has(key)) return outsideAnswers.get(key) as T;
    const answer = ask(path);
    outsideAnswers.set(key, answer);
    return answer;
  };
}

/** The type errors of the app in `dir` under its own tsconfig.json, each as `file:line message`. */
export function typeErrors(dir: string): string[] {
  const { config } = typescript.readConfigFile(`${dir}/tsconfig.json`, typescript.sys.readFile);
  const parsed = typescript.parseJsonConfigFileContent(config, typescript.sys, dir);
  const settingsKey = documentRegistry.getKeyForCompilationSettings(parsed.options);
  const host = typescript.createCompilerHost(parsed.options);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, languageVersion, ...rest) => {
    if (!isInstalled(fileName)) return getSourceFile(fileName, languageVersion, ...rest);
    const key = `${fileName}\0${JSON.stringify(languageVersion)}\0${settingsKey}`;
    let file = installed.get(key);
    if (!file) {
      file = getSourceFile(fileName, languageVersion, ...rest);
      if (file) installed.set(key, file);
    }
    return file;
  };
  host.fileExists = remembered(dir, 'file', host.fileExists.bind(host));
  host.readFile = remembered(dir, 'text', host.readFile.bind(host));
  host.directoryExists = remembered(dir, 'directory', (host.directoryExists ?? typescript.sys.directoryExists).bind(host));
  host.realpath = remembered(dir, 'realpath', (host.realpath ?? typescript.sys.realpath ?? ((path: string) => path)).bind(host));
  const program = typescript.createProgram({ rootNames: parsed.fileNames, options: parsed.options, host });
  return typescript.getPreEmitDiagnostics(program).map((diagnostic) => {
    const where = diagnostic.file
      ? `${relative(dir, diagnostic.file.fileName)}:${diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start ?? 0).line + 1}`
      : '';
    return `${where} ${typescript.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`;
  });
}
