// The domain package: the business rules, texts and API contract both apps import, by area. No I/O.
export * from './accounts/index.ts';
export * from './admin/index.ts';
export * from './api/index.ts';
export * from './billing/index.ts';
export * from './bookings/index.ts';
export * from './calendar/index.ts';
export * from './catalogue/index.ts';
export * from './challenge/index.ts';
export * from './consultants/index.ts';
export * from './contact/index.ts';
export * from './conversation/index.ts';
export * from './legal/index.ts';
export * from './mail/index.ts';
export * from './reviews/index.ts';
export * from './schedule/index.ts';
export * from './terms/index.ts';
export * from './text/index.ts';
