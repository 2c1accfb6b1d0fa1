import { coreServices, paths } from '@portal/domain';
import { Clock, Mail, MapPin, Phone } from 'lucide-react';
import { Link } from 'react-router';
import { company } from '../../config/company';
import { Brand } from './brand';

const quickLinks = [
  { label: 'Home', to: paths.home },
  { label: 'Services', to: paths.services },
  { label: 'Get Started', to: paths.register },
  { label: 'Client Portal', to: paths.login },
] as const;

/** Spec: Privacy, Terms and Cookie links that lead nowhere (no pages exist for them yet): they go to the page top. */
const legalLinks = ['Privacy Policy', 'Terms of Service', 'Cookie Policy'] as const;

const linkStyle = 'text-slate-300 hover:text-white hover:underline';

export function Footer() {
  return (
    <footer className="bg-slate-900 text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-2 lg:grid-cols-4 lg:px-8">
        <div>
          <Brand inverse />
          <p className="mt-4 text-sm leading-6">
            Web development, database architecture, AI solutions and IT consulting for businesses that want
            technology to work for them.
          </p>
        </div>
        <nav aria-label="Services">
          <h2 className="text-sm font-semibold tracking-wide text-white uppercase">Services</h2>
          <ul className="mt-4 space-y-2 text-sm">
            {coreServices.map((service) => (
              <li key={service.id}>
                <Link to={paths.service(service.id)} className={linkStyle}>
                  {service.name}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label="Quick links">
          <h2 className="text-sm font-semibold tracking-wide text-white uppercase">Quick Links</h2>
          <ul className="mt-4 space-y-2 text-sm">
            {quickLinks.map((link) => (
              <li key={link.label}>
                <Link to={link.to} className={linkStyle}>
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className="text-sm font-semibold tracking-wide text-white uppercase">Contact</h2>
          <ul className="mt-4 space-y-3 text-sm">
            <li className="flex gap-2">
              <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-blue-300" />
              <address className="not-italic">
                {company.address.street}
                <br />
                {company.address.city}, {company.address.region} {company.address.postalCode}
              </address>
            </li>
            <li className="flex gap-2">
              <Phone aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-blue-300" />
              <a href={company.phone.href} className={linkStyle}>
                {company.phone.display}
              </a>
            </li>
            <li className="flex gap-2">
              <Mail aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-blue-300" />
              <a href={company.email.href} className={linkStyle}>
                {company.email.display}
              </a>
            </li>
            <li className="flex gap-2">
              <Clock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-blue-300" />
              <span>{company.businessHours}</span>
            </li>
          </ul>
        </div>
      </div>
      <div className="border-t border-slate-800">
        <div className="mx-auto flex max-w-7xl flex-col gap-4 px-4 py-6 text-sm sm:px-6 md:flex-row md:items-center md:justify-between lg:px-8">
          <p>
            © {new Date().getFullYear()} {company.name}. All rights reserved.
          </p>
          <ul className="flex flex-wrap gap-x-6 gap-y-2">
            {legalLinks.map((label) => (
              <li key={label}>
                <a href="#top" className={linkStyle}>
                  {label}
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </footer>
  );
}
