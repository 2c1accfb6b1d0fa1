export * from './figures.ts';
export * from './schemas.ts';
