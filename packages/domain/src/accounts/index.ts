export * from './forms.ts';
export * from './messages.ts';
export * from './profile-schemas.ts';
export * from './rules.ts';
export * from './session-schemas.ts';
export * from './sessions.ts';
export * from './two-factor.ts';
export * from './two-factor-schemas.ts';
