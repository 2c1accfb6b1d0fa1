export * from './booking-letters.ts';
export * from './reminders.ts';
