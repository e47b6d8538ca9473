export * from './domain-elements.js';
export * from './errors.js';
export { mergeSubject } from './merge-subject.js';
export * from './regions.js';
export * from './status.js';
export * from './subject.js';
export * from './tokens.js';
export * from './v1.js';
export * from './v2.js';
