export * from './changes.ts';
export * from './dates.ts';
export * from './schedule.ts';
export * from './schemas.ts';
export * from './slots.ts';
