export * from './api-error.ts';
export * from './catalogue.ts';
export * from './health.ts';
export * from './messages.ts';
export * from './routes.ts';
