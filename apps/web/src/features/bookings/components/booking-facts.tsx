import type { BookingStatus, IsoDate, PreferredContact, Urgency } from '@portal/domain';
import {
  bookingCodeLabel,
  contactLabels,
  dollars,
  shortDate,
  shortDateIn,
  urgencyLabels,
} from '@portal/domain';

/** A term and its value; a `wide` one (free text) takes a whole row and keeps its line breaks. */
export interface Fact {
  term: string;
  value: string;
  wide?: boolean;
}

const looks = {
  /** On a booking card of My Bookings. */
  card: {
    list: 'mt-4 grid gap-x-6 gap-y-3 sm:grid-cols-2 lg:grid-cols-4',
    term: 'text-sm text-slate-700',
    value: 'font-medium text-slate-900',
    wide: 'sm:col-span-2 lg:col-span-4',
  },
  /** The wizard's summary before the booking is confirmed. */
  summary: {
    list: 'grid gap-x-6 gap-y-3 rounded-lg border border-slate-200 bg-slate-50 p-5 sm:grid-cols-2',
    term: 'text-sm font-medium text-slate-700',
    value: 'text-base font-semibold text-slate-900',
    wide: 'sm:col-span-2',
  },
} as const;

/** The facts of a booking as a definition list. */
export function FactList({ facts, look }: { facts: readonly Fact[]; look: keyof typeof looks }) {
  const style = looks[look];
  return (
    <dl className={style.list}>
      {facts.map(({ term, value, wide }) => (
        <div key={term} className={wide ? style.wide : undefined}>
          <dt className={style.term}>{term}</dt>
          <dd className={wide ? 'whitespace-pre-wrap text-slate-900' : style.value}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** What a booking card says, for a booking on the server and one still waiting in this browser alike. */
export interface CardDetails {
  date: IsoDate;
  /** The slot's hours with the zone named. */
  time: string;
  cost: number;
  urgency: Urgency;
  /** None until the server has the booking. */
  confirmationCode?: string;
  contact: PreferredContact;
  /** When it was booked (an instant), written as the day in `timeZone`. */
  bookedAt: string;
  timeZone: string;
  description: string;
  /** Where its payment stands (paymentText); none until the server has the booking. */
  payment?: string;
}

/** The card's facts; the status names the code (a pending booking's is a 'Reference', not yet a confirmation). */
export function cardFacts(details: CardDetails, status: BookingStatus): Fact[] {
  const code = details.confirmationCode;
  return [
    { term: 'Date', value: shortDate(details.date) },
    { term: 'Time', value: details.time },
    { term: 'Cost', value: dollars(details.cost) },
    ...(details.payment ? [{ term: 'Payment', value: details.payment }] : []),
    { term: 'Urgency', value: urgencyLabels[details.urgency] },
    ...(code ? [{ term: bookingCodeLabel(status), value: code }] : []),
    { term: 'Contact Method', value: contactLabels[details.contact] },
    { term: 'Booked On', value: shortDateIn(details.bookedAt, details.timeZone) },
    { term: 'Project Description', value: details.description, wide: true },
  ];
}
