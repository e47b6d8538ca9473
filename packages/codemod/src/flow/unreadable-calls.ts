import type { Node } from '@babel/types';
import { isMember } from '../parse/walk.js';
import { libraryOf } from '../plan/http-libraries.js';
import type { Source } from './sources.js';

/**
 * Where a call the codemod resolves to no function of the project leads, for the id of a journey passed to it:
 * `library` for a function of a package or a global the code did not declare (`setTimeout`, `uuid.parse`);
 * `unreadable` for code of the project the codemod cannot read (`this.call()` of a class it cannot see, a method
 * of a parameter or a field of unknown class, a function of a relative module it cannot pin down) and for HTTP
 * requests (`fetch`, axios, ky, got, superagent) it did not recognise as a v1 or v2 call. There the id may be
 * sent to v1 whatever the rest of its flow becomes. A name the code binds is never taken for a library.
 */
export function calleeKind(source: Source, callee: Node): 'library' | 'unreadable' {
  let root = callee;
  while (isMember(root) || root.type === 'CallExpression' || root.type === 'OptionalCallExpression') {
    root = isMember(root) ? root.object : root.callee;
  }
  if (root.type !== 'Identifier') return 'unreadable';
  if (libraryOf(source.ctx, root.name)) return 'unreadable';
  const binding = source.scopes.lookup(root.name, root);
  if (!binding) return root.name === 'fetch' ? 'unreadable' : 'library';
  // `import x from 'pkg'` or `const x = require('pkg')`.
  const imported = binding.kind === 'param' || binding.kind === 'catch' ? undefined : source.ctx.imports.get(root.name);
  return imported && !imported.specifier.startsWith('.') ? 'library' : 'unreadable';
}
