import type { ObjectExpression } from '@babel/types';
import { type JourneyMap, mapResourceId, type V1JourneyPath } from '@journey-bridge/contract';
import { evaluate } from '../analysis/evaluate.js';
import { flatten, sourceKey } from '../analysis/static-value.js';
import type { FileContext } from './file-context.js';
import { helperImport, PARTICIPANTS_HELPER } from './helper-import.js';
import { insertProperty, propertyOf, removeProperty, renameKey } from './object-edits.js';
import { participantsLiteral, visibleElements } from './participants.js';
import type { RequestBody } from './request-body.js';
import type { RuleId } from './rules.js';
import type { SiteBuilder } from './site-builder.js';

export interface OperationOptions {
  readonly delivery: 'api' | 'page';
  readonly journeyMap: JourneyMap | undefined;
  readonly helpers: boolean;
}

/** The change-register entry each v1 operation's call site is reported under. */
export const OPERATION_RULES: Readonly<Record<V1JourneyPath, RuleId>> = {
  'journey/start': 'request.start-delivery',
  'journey/task/list': 'endpoint.task-list',
  'journey/task/list/schema': 'endpoint.task-list-schema',
  'journey/task/schema': 'endpoint.task-schema',
  'journey/task/update': 'endpoint.task-update',
  'journey/state/fetch': 'endpoint.base-path',
};

const START_FORM = "{ resourceId: '<v2 id>', context: { config: { delivery: 'api' }, subject } }";
const SUBMIT_FORM = "{ instanceId, interactionId, participants: [{ domainElementId: 'FullName' }], context: { subject } }";

/** Rewrites the request body of one v1 operation onto the site; refuses what it cannot do completely. */
export function planOperation(
  site: SiteBuilder,
  ctx: FileContext,
  operation: V1JourneyPath,
  body: RequestBody,
  options: OperationOptions,
): void {
  switch (operation) {
    case 'journey/start':
      planStart(site, ctx, body, options);
      return;
    case 'journey/task/update':
      planSubmit(site, ctx, body, options);
      return;
    case 'journey/task/schema':
      planTaskSchema(site, ctx, body);
      return;
    case 'journey/task/list/schema':
      site.needsReview(
        'endpoint.task-list-schema',
        'v2 has no task schemas: the interaction lists what it needs',
        'read interaction.collects[] { ref, spec } and outstanding[] instead of tasks[].schema and schemas',
      );
      return;
    default:
      return;
  }
}

function planStart(site: SiteBuilder, ctx: FileContext, body: RequestBody, options: OperationOptions): void {
  if (!('object' in body)) return void site.refuse('codemod.opaque-body', 'the start body is not visible in the code', START_FORM);
  const request = body.object;
  const resourceId = propertyOf(request, 'resourceId');
  if (resourceId) {
    const value = evaluate(resourceId.value, ctx);
    const { text } = flatten(value);
    const [part, ...rest] = value.kind === 'string' ? value.parts : [];
    if (text.includes('\0') || part?.kind !== 'text') {
      site.needsReview(
        'request.start-resource-id',
        `${ctx.text(resourceId.value)} must hold the v2 resourceId (v1 and v2 ids differ)`,
        'the resourceId of the v2 publication',
      );
    } else if (rest.length > 0 || !part.source) {
      site.refuse('request.start-resource-id', `the resourceId "${text}" is assembled or escaped and cannot be mapped in place`);
    } else {
      try {
        const mapped = mapResourceId(text, options.journeyMap ?? {});
        // The literal may sit in another file (an imported constant): the edit goes there.
        site.edits.push({ file: part.source.file, start: part.source.start, end: part.source.start + text.length, text: mapped });
        site.pieces.push(sourceKey(part.source));
      } catch {
        site.refuse(
          'request.start-resource-id',
          `no v2 resourceId for "${text}" in the journey map; ids are never guessed`,
          `add "${text}": "<v2 id>" to the --journey-map file`,
        );
      }
    }
  }
  const context = propertyOf(request, 'context');
  if (context?.value.type !== 'ObjectExpression')
    return void site.refuse('codemod.opaque-body', 'the start context is not an object literal', START_FORM);
  const delivery = `delivery: ${ctx.str(options.delivery)}`;
  const config = propertyOf(context.value, 'config');
  let synchronous = true;
  if (!config) {
    site.edits.push(insertProperty(ctx, context.value, `config: { ${delivery} }`));
  } else if (config.value.type === 'ObjectExpression') {
    const settings: ObjectExpression = config.value;
    const asyncFlag = propertyOf(settings, 'async');
    if (asyncFlag) {
      if (asyncFlag.value.type === 'BooleanLiteral') synchronous = !asyncFlag.value.value;
      else site.needsReview('request.start-async', `async was ${ctx.text(asyncFlag.value)}: v2 always starts asynchronously`);
    }
    const hasDelivery = propertyOf(settings, 'delivery') !== undefined;
    if (asyncFlag && settings.properties.length === 1) site.replace(settings, `{ ${delivery} }`);
    else {
      if (asyncFlag) site.edits.push(removeProperty(ctx, settings, asyncFlag));
      if (!hasDelivery) site.edits.push(insertProperty(ctx, settings, delivery, settings.properties[settings.properties.length - 1]));
    }
  } else {
    return void site.refuse('codemod.opaque-body', 'context.config is not an object literal', START_FORM);
  }
  if (synchronous) {
    site.needsReview(
      'request.start-async',
      'v1 ran this start synchronously; v2 answers at once with the instanceId only',
      'poll journey/state/fetch (client.waitForResult(instanceId)) before reading results',
    );
  }
}

function planSubmit(site: SiteBuilder, ctx: FileContext, body: RequestBody, options: OperationOptions): void {
  if (!('object' in body)) return void site.refuse('codemod.opaque-body', 'the task update body is not visible in the code', SUBMIT_FORM);
  const request = body.object;
  const intent = propertyOf(request, 'intent');
  if (intent) {
    const complete = intent.value.type === 'StringLiteral' && intent.value.value.toLowerCase() === 'complete';
    if (!complete) {
      return void site.refuse(
        'request.update-intent',
        `intent ${ctx.text(intent.value)} has no v2 counterpart: v2 only takes complete elements`,
        SUBMIT_FORM,
      );
    }
  }
  const taskId = propertyOf(request, 'taskId');
  const context = propertyOf(request, 'context');
  if (!taskId || !context) return void site.refuse('codemod.opaque-body', 'the task update body has no taskId or context', SUBMIT_FORM);
  let subject: string | undefined;
  let elements: ReturnType<typeof visibleElements>;
  if (context.value.type === 'ObjectExpression') {
    const subjectProperty = propertyOf(context.value, 'subject');
    if (!subjectProperty) return void site.refuse('codemod.opaque-body', 'the task update has no context.subject', SUBMIT_FORM);
    subject = ctx.text(subjectProperty.value);
    elements = visibleElements(ctx, subjectProperty.value);
  } else {
    subject = `${ctx.text(context.value)}.subject`;
  }
  let participants: string;
  if (elements && elements.length > 0) participants = participantsLiteral(ctx, elements);
  else if (options.helpers) {
    participants = `${PARTICIPANTS_HELPER}(${subject})`;
    const importEdit = helperImport(ctx);
    if (importEdit) site.edits.push(importEdit);
  } else {
    return void site.refuse(
      'request.update-participants',
      'the subject is not visible in the code and helpers are off (--no-helpers)',
      SUBMIT_FORM,
    );
  }
  if (intent) site.edits.push(removeProperty(ctx, request, intent));
  site.edits.push(renameKey(ctx, taskId, 'interactionId'));
  site.edits.push(insertProperty(ctx, request, `participants: ${participants}`, taskId));
}

function planTaskSchema(site: SiteBuilder, ctx: FileContext, body: RequestBody): void {
  const suggestion = 'journey/interaction/fetch { instanceId }: the interaction carries collects[] { ref, spec } and outstanding[]';
  const instanceId = 'object' in body ? propertyOf(body.object, 'instanceId') : undefined;
  const taskId = 'object' in body ? propertyOf(body.object, 'taskId') : undefined;
  if (!('object' in body) || !instanceId) {
    return void site.refuse(
      'endpoint.task-schema',
      'v2 fetches the interaction by instanceId; a taskId alone does not name it',
      suggestion,
    );
  }
  if (taskId) site.edits.push(removeProperty(ctx, body.object, taskId));
  site.needsReview(
    'endpoint.task-schema',
    'the interaction response carries the schema information (collects, spec, outstanding), not a JSON Schema',
    suggestion,
  );
}
