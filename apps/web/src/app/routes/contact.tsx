import { paths } from '@portal/domain';
import { Clock, type LucideIcon, Mail, MapPin, Phone } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonStyles } from '../../components/ui/button-styles';
import { company } from '../../config/company';
import { useDocumentTitle } from '../../lib/use-document-title';

function ContactCard({
  icon: Icon,
  title,
  children,
}: {
  icon: LucideIcon;
  title: string;
  children: ReactNode;
}) {
  return (
    <li className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <span className="flex size-12 items-center justify-center rounded-xl bg-blue-50 text-blue-700">
        <Icon aria-hidden="true" className="size-6" />
      </span>
      <h2 className="mt-4 text-lg font-semibold text-slate-900">{title}</h2>
      <div className="mt-2 text-slate-700">{children}</div>
    </li>
  );
}

const contactLink = 'font-medium text-blue-800 hover:underline';

export function ContactRoute() {
  useDocumentTitle('Contact Us');
  return (
    <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8">
      <div className="max-w-3xl">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Contact Us</h1>
        <p className="mt-4 text-lg text-slate-700">
          Tell us about your project and we will find the right consultant for it. Call or write to us during
          business hours; a free first conversation is on us.
        </p>
      </div>
      <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        <ContactCard icon={MapPin} title="Visit Us">
          <address className="not-italic">
            {company.name}
            <br />
            {company.address.street}
            <br />
            {company.address.city}, {company.address.region} {company.address.postalCode}
          </address>
        </ContactCard>
        <ContactCard icon={Phone} title="Call Us">
          <a href={company.phone.href} className={contactLink}>
            {company.phone.display}
          </a>
        </ContactCard>
        <ContactCard icon={Mail} title="Email Us">
          <a href={company.email.href} className={contactLink}>
            {company.email.display}
          </a>
        </ContactCard>
        <ContactCard icon={Clock} title="Business Hours">
          <p>{company.businessHours}</p>
        </ContactCard>
      </ul>
      <div className="mt-12">
        <Link to={paths.services} className={buttonStyles.secondary}>
          Browse Our Services
        </Link>
      </div>
    </div>
  );
}
