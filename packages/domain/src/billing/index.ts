export * from './amounts.ts';
export * from './documents.ts';
export * from './invoices.ts';
export * from './messages.ts';
export * from './schemas.ts';
