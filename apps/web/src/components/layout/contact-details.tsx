import { Clock, Mail, MapPin, Phone } from 'lucide-react';
import { Fragment } from 'react';
import { company } from '../../config/company';

/** How to reach the firm, in the order the footer and the contact page list it. */
export const contactDetails = [
  { kind: 'address', icon: MapPin, title: 'Visit Us' },
  { kind: 'phone', icon: Phone, title: 'Call Us' },
  { kind: 'email', icon: Mail, title: 'Email Us' },
  { kind: 'hours', icon: Clock, title: 'Office Hours' },
] as const;

type ContactKind = (typeof contactDetails)[number]['kind'];

/**
 * The office hours say what they are for (the phone and email), and that consultations are at the times offered when
 * booking: those follow the firm's schedule, not the office hours. The footer is on every page and reads no API, so
 * the query library stays out of the home page's first load (docs/decisions/035): the wizard writes the actual hours.
 */
function Hours() {
  return (
    <span>
      <span className="block">Phone and email: {company.officeHours}</span>
      <span className="block">Consultations: at the times offered when you book</span>
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
