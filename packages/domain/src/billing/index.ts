export * from './amounts.ts';
export * from './checkout.ts';
export * from './details.ts';
export * from './documents.ts';
export * from './invoices.ts';
export * from './messages.ts';
export * from './schemas.ts';
