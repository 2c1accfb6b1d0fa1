export * from './forms.ts';
export * from './messages.ts';
export * from './profile-schemas.ts';
export * from './rules.ts';
