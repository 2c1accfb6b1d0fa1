export * from './api-error.ts';
export * from './catalogue.ts';
export * from './core-services.ts';
export * from './health.ts';
export * from './messages.ts';
export * from './routes.ts';
export * from './service-icons.ts';
