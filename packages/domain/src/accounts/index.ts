export * from './forms.ts';
export * from './messages.ts';
export * from './profile.ts';
export * from './rules.ts';
