export * from './field.ts';
export * from './format.ts';
export * from './rule.ts';
