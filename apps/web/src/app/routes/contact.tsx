import { paths } from '@portal/domain';
import { Link } from 'react-router';
import { ContactDetail, contactDetails } from '../../components/layout/contact-details';
import { buttonStyles } from '../../components/ui/button-styles';
import { IconCard } from '../../components/ui/icon-card';
import { ContactForm } from '../../features/contact/components/contact-form';
import { useDocumentTitle } from '../../lib/use-document-title';

export function ContactRoute() {
  useDocumentTitle('Contact Us');
  return (
    <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8">
      <div className="max-w-3xl">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Contact Us</h1>
        <p className="mt-4 text-lg text-slate-700">
          Tell us about your project and we will find the right consultant for it. Write to us below, or call
          us during office hours; a free first conversation is on us.
        </p>
      </div>
      <div className="mt-10 grid gap-8 lg:grid-cols-3">
        <section
          aria-labelledby="contact-form-heading"
          className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm lg:col-span-2"
        >
          <h2 id="contact-form-heading" className="text-xl font-semibold text-slate-900">
            Send Us a Message
          </h2>
          <p className="mt-1 mb-6 text-slate-700">We answer within one business day.</p>
          <ContactForm />
        </section>
        <div>
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-1">
            {contactDetails.map(({ kind, icon: Icon, title }) => (
              <IconCard key={kind} icon={<Icon aria-hidden="true" className="size-6" />} title={title}>
                <ContactDetail kind={kind} linkClass="font-medium text-blue-800 hover:underline" named />
              </IconCard>
            ))}
          </ul>
          <div className="mt-6">
            <Link to={paths.services} className={buttonStyles.secondary}>
              Browse Our Services
            </Link>
          </div>
        </div>
      </div>
    </div>
  );
}
