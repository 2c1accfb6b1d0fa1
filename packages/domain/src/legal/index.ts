export * from './documents.ts';
export * from './retention.ts';
