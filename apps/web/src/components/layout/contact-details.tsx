import { openingHoursNote } from '@portal/domain';
import { Clock, Mail, MapPin, Phone } from 'lucide-react';
import { Fragment } from 'react';
import { company } from '../../config/company';
import { useSchedule } from '../../lib/public-schedule';

/** How to reach the firm, in the order the footer and the contact page list it. */
export const contactDetails = [
  { kind: 'address', icon: MapPin, title: 'Visit Us' },
  { kind: 'phone', icon: Phone, title: 'Call Us' },
  { kind: 'email', icon: Mail, title: 'Email Us' },
  { kind: 'hours', icon: Clock, title: 'Office Hours' },
] as const;

type ContactKind = (typeof contactDetails)[number]['kind'];

/**
 * The office hours (when the firm answers the phone and email), then the consultation hours as the booking wizard
 * writes them from the public schedule: the two differ, so each says what it is. The consultation hours appear once
 * the schedule has answered (the first paint does not wait for it).
 */
function Hours() {
  const schedule = useSchedule().data;
  return (
    <span>
      <span className="block">Phone and email: {company.officeHours}</span>
      {schedule && (
        <span className="block" data-testid="consultation-hours">
          {openingHoursNote(schedule.schedule)}
        </span>
      )}
    </span>
  );
}

/** One detail: the address (`named`: under the firm's name), a phone or email link, or the hours. */
export function ContactDetail({
  kind,
  linkClass,
  named = false,
}: {
  kind: ContactKind;
  linkClass: string;
  named?: boolean;
}) {
  if (kind === 'hours') return <Hours />;
  if (kind === 'address') {
    const lines = named ? [company.name, ...company.address] : company.address;
    return (
      <address className="not-italic">
        {lines.map((line, index) => (
          <Fragment key={line}>
            {index > 0 && <br />}
            {line}
          </Fragment>
        ))}
      </address>
    );
  }
  return (
    <a href={company[kind].href} className={linkClass}>
      {company[kind].display}
    </a>
  );
}
