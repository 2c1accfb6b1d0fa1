export * from './health-schemas.ts';
export * from './messages.ts';
export * from './page-heads.ts';
export * from './pages.ts';
export * from './paths.ts';
export * from './schemas.ts';
