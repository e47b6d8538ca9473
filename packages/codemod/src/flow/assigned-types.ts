// The declared type of a name or a field holding the answer, also one it is assigned to after its declaration
// (`let state: JourneyState | undefined`, `private state?: JourneyState`): retyped to the v2 type, or, where that
// type cannot be rewritten for this value alone, the flow kept on v1. Left as it was, it would refuse the v2 answer
// (TS2741).
import type { Identifier, Node } from '@babel/types';
import type { Source } from './sources.js';
import type { Tracking } from './tracking.js';
import { retype, typeAliasOf, v2TypeOf } from './type-annotations.js';
import { ruleOf } from './v2-forms.js';
import type { Value } from './values.js';

type ClassBody = Extract<Node, { type: 'ClassBody' }>;

/** Generic types an annotation may wrap the answer's type in and the retyping reads through. */
const READ_THROUGH = new Set(['Promise', 'PromiseLike', 'Array', 'ReadonlyArray']);

/** `name = value`: the annotation of the `let`, `var` or parameter `id` declares. */
export function retypeAssignedName(tracking: Tracking, value: Value, id: Identifier, source: Source): void {
  const declared = id.typeAnnotation?.type === 'TSTypeAnnotation' ? id.typeAnnotation.typeAnnotation : undefined;
  if (declared) return void retypeAlone(tracking, value, declared, id.name, source);
  // `let { state }: Holder = …`: the pattern's type describes the other names it declares as well.
  let pattern: Node | undefined = source.parent(id);
  while (pattern && (pattern.type === 'ObjectProperty' || pattern.type === 'AssignmentPattern' || pattern.type === 'RestElement'))
    pattern = source.parent(pattern);
  const shared = (pattern?.type === 'ObjectPattern' || pattern?.type === 'ArrayPattern') && pattern.typeAnnotation;
  const target = v2TypeOf(value)?.name;
  if (shared && shared.type === 'TSTypeAnnotation' && target)
    refuseType(tracking, value, shared.typeAnnotation, `${id.name} is typed by the pattern that declares other names too`, target, source);
  else tracking.jsdocTyped(source, id, value, { tag: 'type' });
}

/** `this.name = value` in the class `body`: the annotation of the private field `name` the class declares. */
export function retypeAssignedField(tracking: Tracking, value: Value, body: ClassBody, name: string, at: Node, source: Source): void {
  const owner = source.parent(body);
  if (owner?.type !== 'ClassDeclaration' && owner?.type !== 'ClassExpression') return;
  const field = fieldOf(body, name);
  const target = v2TypeOf(value)?.name;
  // Declared by a base class: its type serves the base class's other uses too.
  if (!field) {
    if (owner.superClass && source.ctx.isTypeScript && target)
      refuseType(
        tracking,
        value,
        at,
        `this.${name} is declared by the base class ${source.ctx.text(owner.superClass)} for its other uses too`,
        target,
        source,
      );
    return;
  }
  const { declared, holder, visible } = field;
  if (!declared) return void tracking.jsdocTyped(source, holder, value, { tag: 'type' });
  // A field that is not private may be read by code outside the class, which the codemod does not follow from
  // `this.name`, or be the field a base class or an interface declares: retyped, its reads there would get v2 unseen.
  if (visible && target && retype(source, declared, value)) {
    const why = `this.${name} is not private: code outside the class may read it, or declare it (a base class, an interface), where the codemod does not follow it`;
    // Declared by a base class or an interface too, it cannot be made private (TS2415).
    const inherited = owner.superClass || (owner.implements?.length ?? 0) > 0;
    const suggestion = `${inherited ? '' : 'make it private where only the class reads it, or '}migrate its readers by hand and type it ${target}, then run again`;
    return void refuseType(tracking, value, declared, why, target, source, suggestion);
  }
  retypeAlone(tracking, value, declared, `this.${name}`, source);
}

/** The field `name` the class body declares (a property, or a parameter property of its constructor): its type, and whether code outside the class sees it. */
function fieldOf(body: ClassBody, name: string): { declared: Node | undefined; holder: Node; visible: boolean } | undefined {
  const typeOf = (node: Node) =>
    'typeAnnotation' in node && node.typeAnnotation?.type === 'TSTypeAnnotation' ? node.typeAnnotation.typeAnnotation : undefined;
  for (const member of body.body) {
    // `#x`: private by the language, read nowhere but in the class.
    if (member.type === 'ClassPrivateProperty' && `#${member.key.id.name}` === name)
      return { declared: typeOf(member), holder: member, visible: false };
    if (
      member.type === 'ClassProperty' &&
      !member.static &&
      !member.computed &&
      member.key.type === 'Identifier' &&
      member.key.name === name
    )
      return { declared: typeOf(member), holder: member, visible: member.accessibility !== 'private' };
    if (member.type !== 'ClassMethod' || member.kind !== 'constructor') continue;
    for (const param of member.params) {
      if (param.type !== 'TSParameterProperty') continue;
      const id = param.parameter.type === 'AssignmentPattern' ? param.parameter.left : param.parameter;
      if (id.type === 'Identifier' && id.name === name)
        return { declared: typeOf(id), holder: param, visible: param.accessibility !== 'private' };
    }
  }
  return undefined;
}

/**
 * Retypes the annotation `declared` to the v2 type, unless the answer's type sits in a type of the
 * project's that serves other types too: a generic (`Maybe<JourneyState>`, `Partial<JourneyState>`), whose argument
 * rewritten alone would leave it something other than the v2 answer's type, or an alias of the file holding
 * `undefined` or `null` (`type MaybeState = JourneyState | undefined`), which the retyping would replace whole.
 */
export function retypeAlone(tracking: Tracking, value: Value, declared: Node, name: string, source: Source): void {
  const target = v2TypeOf(value)?.name;
  const shared = target && sharedPart(source, declared);
  if (target && shared) return void refuseType(tracking, value, declared, `${name} is typed through ${shared}`, target, source);
  tracking.retype(source, declared, value);
}

/** Keeps the flow on v1 at `at`, where the type of what holds the answer (`why`) cannot be rewritten to `target` for it alone. */
function refuseType(
  tracking: Tracking,
  value: Value,
  at: Node,
  why: string,
  target: string,
  source: Source,
  suggestion = `type it ${target} of the generated module, then run again`,
): void {
  const reason = `${why}: its type cannot be rewritten to ${target} for this value alone`;
  tracking.refuse(source, at, value, ruleOf(value), reason, suggestion);
}

/** The part of `type` that serves other types too, as the marker names it: a generic, or an alias holding `undefined` or `null`. */
function sharedPart(source: Source, type: Node): string | undefined {
  switch (type.type) {
    case 'TSUnionType':
      return type.types.map((member) => sharedPart(source, member)).find(Boolean);
    case 'TSParenthesizedType':
    case 'TSTypeOperator':
      return sharedPart(source, type.typeAnnotation);
    case 'TSArrayType':
      return sharedPart(source, type.elementType);
    case 'TSTypeReference': {
      const params = type.typeParameters?.params ?? [];
      const name = type.typeName.type === 'Identifier' ? type.typeName.name : undefined;
      if (name && READ_THROUGH.has(name)) return params.map((param) => sharedPart(source, param)).find(Boolean);
      if (params.some(namesAType)) return `the generic ${source.ctx.text(type)}, which serves other types too`;
      const alias = name === undefined ? undefined : typeAliasOf(source, name);
      return alias && holdsNullish(alias.typeAnnotation) ? `the alias ${name}, which holds undefined or null too` : undefined;
    }
    default:
      return undefined;
  }
}

const holdsNullish = (type: Node): boolean =>
  type.type === 'TSUndefinedKeyword' ||
  type.type === 'TSNullKeyword' ||
  (type.type === 'TSParenthesizedType' && holdsNullish(type.typeAnnotation)) ||
  (type.type === 'TSUnionType' && type.types.some(holdsNullish));

/** Whether a type argument names a type or writes one out (not `string`, `any`, `unknown`). */
function namesAType(type: Node): boolean {
  switch (type.type) {
    case 'TSTypeReference':
    case 'TSTypeLiteral':
    case 'TSIntersectionType':
    case 'TSIndexedAccessType':
      return true;
    case 'TSUnionType':
      return type.types.some(namesAType);
    case 'TSParenthesizedType':
    case 'TSTypeOperator':
      return namesAType(type.typeAnnotation);
    case 'TSArrayType':
      return namesAType(type.elementType);
    default:
      return false;
  }
}
