// What the consultants' API and pages say (docs/product.md#consultants).
import { clockRange } from '../text/format.ts';
import { consultantLimits } from './rules.ts';

export const consultantMessages = {
  tooManyConsultants: `There are already ${consultantLimits.maxConsultants} consultants; edit or retire one instead`,
  tooMuchTimeOff: `This consultant already has ${consultantLimits.maxTimeOffAhead} periods of time off ahead; remove some before adding more`,
  nameRequired: 'Name is required',
  emailInvalid: 'Please enter a valid email address',
  emailTaken: 'Another consultant already has this email',
  serviceIdsInvalid: 'Services must be a list of service ids',
  serviceUnknown: (ids: readonly number[]) =>
    `No service has the ${ids.length === 1 ? 'id' : 'ids'} ${ids.join(', ')}`,
  consultantIdsInvalid: 'Consultants must be a list of consultant ids',
  consultantUnknown: (ids: readonly number[]) =>
    `No consultant has the ${ids.length === 1 ? 'id' : 'ids'} ${ids.join(', ')}`,
  /** A consultant's range outside the firm's hours of that day ('Monday: 8 AM - 12 PM is outside…'). */
  hoursOutsideFirm: (day: string, start: string, end: string) =>
    `${day}: ${clockRange(start, end)} is outside the firm's opening hours`,
  activeInvalid: 'Active must be true or false',
  unknownField: (field: string) => `Unknown field: ${field}`,
  notFound: 'Consultant not found',
  timeOffNotFound: 'Time off not found',
  dateInvalid: 'Dates must be valid dates in the form YYYY-MM-DD',
  timeOffBackwards: 'The last day off must not be before the first',
  timeOffTooLong: (days: number) => `Time off may cover at most ${days} days`,
  reasonRequired: 'Reason is required (a vacation, a conference)',
  serviceIdInvalid: 'Service id must be a positive whole number',
  /** Under a booking's service on its card and its page: who it is with. */
  withConsultant: (name: string) => `with ${name}`,
  /** The service page's section naming who delivers it. */
  servicePageHeading: "Who You'll Work With",
  /** The booking wizard's choice of who (docs/product.md#the-booking-wizard). */
  wizardLegend: 'Consultant',
  anyConsultant: 'Any available consultant',
  anyConsultantHint: 'The firm assigns a consultant free at the time you choose',
  /** A service with one consultant: named, not chosen. */
  onlyConsultant: (name: string) => `Your consultant: ${name}`,
  /** The review step's fact and the notification once booked. */
  factTerm: 'Consultant',
  bookedWith: (name: string) => `Your consultation is with ${name}.`,
} as const;

/** The admin dashboard's Consultant Utilization tab (docs/product.md#administration). */
export const utilisationTexts = {
  tab: 'Consultant Utilization',
  heading: 'Consultant Utilization',
  caption: 'Booked hours, open hours and utilization per consultant for the period',
  empty: 'No consultants to report on.',
  noOpenHours: 'No open hours',
  columns: {
    consultant: 'Consultant',
    booked: 'Booked Hours',
    open: 'Open Hours',
    utilisation: 'Utilization',
  },
} as const;

/** The words of /admin/calendar (docs/product.md#administration). */
export const adminCalendarTexts = {
  heading: 'Calendar',
  nav: 'Calendar',
  previousWeek: 'Previous Week',
  nextWeek: 'Next Week',
  thisWeek: 'This Week',
  loading: 'Loading the week...',
  failed: 'Failed to load the week.',
  noConsultants: 'No consultants yet.',
  day: 'Day',
  frameLabel: "The week's consultations",
  caption: (week: string) => `Consultations of the week ${week}, per day and consultant`,
  /** Cancelled consultations are left out: the calendar is what the firm's people are holding. */
  note: 'Pending, confirmed and completed consultations; cancelled ones are left out.',
} as const;

/** The words of /admin/consultants (docs/product.md#consultants). */
export const consultantPageTexts = {
  heading: 'Consultants',
  loading: 'Loading consultants...',
  failed: 'Failed to load consultants.',
  empty: 'No consultants yet.',
  addHeading: 'Add Consultant',
  editHeading: (name: string) => `Edit ${name}`,
  save: 'Save Consultant',
  cancel: 'Cancel',
  edit: 'Edit',
  retire: 'Retire',
  bringBack: 'Bring Back',
  retired: 'Retired',
  firmHours: "The firm's hours",
  ownHours: 'Own hours',
  noServices: 'Delivers no service',
  saved: 'Consultant saved',
  saveFailed: 'The consultant could not be saved. Please try again.',
  timeOffHeading: 'Time Off',
  noTimeOff: 'No time off ahead',
  addTimeOff: 'Add Time Off',
  removeTimeOff: 'Remove',
  timeOffFailed: 'The time off could not be saved. Please try again.',
  fields: { name: 'Name', email: 'Email', title: 'Title', bio: 'Bio', services: 'Services' },
  timeOffFields: { startDate: 'First day', endDate: 'Last day', reason: 'Reason' },
  /** After adding time off over bookings of theirs: kept, listed for the firm to move or reassign. */
  affectedHeading: (count: number) =>
    `${count} ${count === 1 ? 'booking falls' : 'bookings fall'} on this time off. ${count === 1 ? 'It is' : 'They are'} kept: move ${count === 1 ? 'it' : 'them'} to another time or consultant.`,
  /** A service nobody active delivers offers no slots: said on /admin/consultants and /admin/services. */
  nobodyDelivers: (service: string) => `No active consultant delivers ${service}`,
} as const;
