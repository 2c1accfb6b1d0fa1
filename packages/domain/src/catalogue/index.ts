export * from './content.ts';
export * from './core-services.ts';
export * from './editing.ts';
export * from './editing-schemas.ts';
export * from './icons.ts';
export * from './question-schemas.ts';
export * from './questions.ts';
export * from './schemas.ts';
