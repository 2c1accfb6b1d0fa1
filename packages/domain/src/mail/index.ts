export * from './booking-letters.ts';
export * from './meeting-letters.ts';
export * from './reminders.ts';
