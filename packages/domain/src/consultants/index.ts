export * from './area.ts';
export * from './availability.ts';
export * from './messages.ts';
export * from './rules.ts';
export * from './schemas.ts';
export * from './utilisation.ts';
