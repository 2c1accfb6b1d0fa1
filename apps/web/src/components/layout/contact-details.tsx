import { Clock, Mail, MapPin, Phone } from 'lucide-react';
import { Fragment } from 'react';
import { company } from '../../config/company';

/** How to reach the firm, in the order the footer and the contact page list it. */
export const contactDetails = [
  { kind: 'address', icon: MapPin, title: 'Visit Us' },
  { kind: 'phone', icon: Phone, title: 'Call Us' },
  { kind: 'email', icon: Mail, title: 'Email Us' },
  { kind: 'hours', icon: Clock, title: 'Business Hours' },
] as const;

type ContactKind = (typeof contactDetails)[number]['kind'];

/** One detail: the address (`named`: under the firm's name), a phone or e-mail link, or the business hours. */
export function ContactDetail({
  kind,
  linkClass,
  named = false,
}: {
  kind: ContactKind;
  linkClass: string;
  named?: boolean;
}) {
  if (kind === 'hours') return <span>{company.businessHours}</span>;
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
