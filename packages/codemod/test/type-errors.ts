import { relative, sep } from 'node:path';
import ts from 'typescript';

/**
 * Declaration files of installed packages and of TypeScript's own libraries, parsed once per test worker:
 * `@types/node` alone is most of what a small app's program parses, and none of it changes during a run.
 */
const installed = new Map<string, ts.SourceFile>();
const isInstalled = (fileName: string) => fileName.includes(`${sep}node_modules${sep}`) || fileName.includes('/node_modules/');

/** The type errors of the app in `dir` under its own tsconfig.json, each as `file:line message`. */
export function typeErrors(dir: string): string[] {
  const { config } = ts.readConfigFile(`${dir}/tsconfig.json`, ts.sys.readFile);
  const parsed = ts.parseJsonConfigFileContent(config, ts.sys, dir);
  // Options that change how a file is parsed or bound are part of the key; where the config file is is not.
  const { configFilePath: _, pathsBasePath: __, ...settings } = parsed.options;
  const settingsKey = JSON.stringify(settings);
  const host = ts.createCompilerHost(parsed.options);
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
  const program = ts.createProgram({ rootNames: parsed.fileNames, options: parsed.options, host });
  return ts.getPreEmitDiagnostics(program).map((diagnostic) => {
    const where = diagnostic.file
      ? `${relative(dir, diagnostic.file.fileName)}:${diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start ?? 0).line + 1}`
      : '';
    return `${where} ${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`;
  });
}
