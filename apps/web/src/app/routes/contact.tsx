import { paths } from '@portal/domain';
import { Link } from 'react-router';
import { ContactDetail, contactDetails } from '../../components/layout/contact-details';
import { buttonStyles } from '../../components/ui/button-styles';
import { IconCard } from '../../components/ui/icon-card';
import { useDocumentTitle } from '../../lib/use-document-title';

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
        {contactDetails.map(({ kind, icon: Icon, title }) => (
          <IconCard key={kind} icon={<Icon aria-hidden="true" className="size-6" />} title={title}>
            <ContactDetail kind={kind} linkClass="font-medium text-blue-800 hover:underline" named />
          </IconCard>
        ))}
      </ul>
      <div className="mt-12">
        <Link to={paths.services} className={buttonStyles.secondary}>
          Browse Our Services
        </Link>
      </div>
    </div>
  );
}
