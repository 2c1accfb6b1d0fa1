export * from './feed.ts';
export * from './feed-schemas.ts';
