import { coreServices, paths } from '@portal/domain';
import { Link } from 'react-router';
import { company } from '../../config/company';
import { Brand } from './brand';
import { ContactDetail, contactDetails } from './contact-details';

const linkStyle = 'text-slate-300 hover:text-white hover:underline';

/** The footer's two link lists: the core services, then the quick links. */
const linkLists = [
  {
    title: 'Services',
    label: 'Services',
    links: coreServices.map((service) => ({ label: service.name, to: paths.service(service.id) })),
  },
  {
    title: 'Quick Links',
    label: 'Quick links',
    links: [
      { label: 'Home', to: paths.home },
      { label: 'Services', to: paths.services },
      { label: 'Get Started', to: paths.register },
      { label: 'Client Portal', to: paths.login },
    ],
  },
] as const;

/** The legal pages, each written from the portal's settings (docs/product.md#privacy-and-cookies). */
const legalLinks = [
  { label: 'Privacy Policy', to: paths.privacy },
  { label: 'Terms of Service', to: paths.terms },
  { label: 'Cookie Policy', to: paths.cookies },
] as const;

const heading = 'text-sm font-semibold tracking-wide text-white uppercase';

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
        {linkLists.map(({ title, label, links }) => (
          <nav key={title} aria-label={label}>
            <h2 className={heading}>{title}</h2>
            <ul className="mt-4 space-y-2 text-sm">
              {links.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className={linkStyle}>
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
        <div>
          <h2 className={heading}>Contact</h2>
          <ul className="mt-4 space-y-3 text-sm">
            {contactDetails.map(({ kind, icon: Icon }) => (
              <li key={kind} className="flex gap-2">
                <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-blue-300" />
                <ContactDetail kind={kind} linkClass={linkStyle} />
              </li>
            ))}
            {/* The contact form, reachable from every page: the top bar's links are fixed by the spec. */}
            <li>
              <Link to={paths.contact} className={`${linkStyle} font-semibold`}>
                Send Us a Message
              </Link>
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
            {legalLinks.map(({ label, to }) => (
              <li key={label}>
                <Link to={to} className={linkStyle}>
                  {label}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </footer>
  );
}
