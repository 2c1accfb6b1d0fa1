import {
  duration,
  hourlyRate,
  paths,
  type Service,
  serviceDetailContent,
  serviceMessages,
  withDestination,
} from '@portal/domain';
import { CalendarCheck, Check, ChevronRight, Clock, MessageSquare } from 'lucide-react';
import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonStyles } from '../../../components/ui/button-styles';
import { IconList } from '../../../components/ui/icon-list';
import { ServiceIcon } from '../../../components/ui/service-icon';
import { RatingFigures } from '../../../components/ui/star-rating';
import { useAccount } from '../../../lib/use-session';
import { ServiceConsultants } from './service-consultants';
import { ServiceReviews } from './service-reviews';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-2xl border border-slate-200 bg-white p-6">
      <h2 className="text-xl font-semibold text-slate-900">{title}</h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

function CheckList({ items }: { items: readonly string[] }) {
  return (
    <IconList
      icon={Check}
      items={items}
      className="space-y-2 text-slate-700"
      iconClassName="mt-1 size-4 text-green-700"
    />
  );
}

/** The breadcrumb's way from the home page to a service. */
const trail = [
  { label: 'Home', to: paths.home },
  { label: 'Services', to: paths.services },
] as const;

/** A service's page: breadcrumb, headline facts, long description, the five lists and the booking card. */
export function ServiceDetail({ service }: { service: Service }) {
  const account = useAccount();
  const content = serviceDetailContent(service);
  // A visitor is sent to sign in; while the session is not known yet (the page as the server drew it, before the
  // app has asked), to the booking page, whose guard sends a visitor to sign in and back: a signed-in client who
  // clicks before the app has started must not land on the sign-in form.
  // Signed out, to sign in first and on to the wizard after (through registration and verification if need be).
  const bookHref =
    account.user || account.loading
      ? paths.book(service.id)
      : withDestination(paths.login, paths.book(service.id));

  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
      <nav aria-label="Breadcrumb">
        <ol className="flex flex-wrap items-center gap-1 text-sm text-slate-600">
          {trail.map(({ label, to }) => (
            <Fragment key={to}>
              <li>
                <Link to={to} className="hover:text-blue-800 hover:underline">
                  {label}
                </Link>
              </li>
              <li aria-hidden="true">
                <ChevronRight className="size-4" />
              </li>
            </Fragment>
          ))}
          <li aria-current="page" className="font-medium text-slate-900">
            {service.name}
          </li>
        </ol>
      </nav>

      <div className="mt-6 flex flex-col gap-4 sm:flex-row sm:items-center">
        <span className="flex size-16 shrink-0 items-center justify-center rounded-2xl bg-blue-50 text-blue-700">
          <ServiceIcon category={service.category} className="size-8" />
        </span>
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{service.name}</h1>
          <p className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-slate-700">
            <span className="flex items-center gap-1.5">
              <Clock aria-hidden="true" className="size-4" />
              <span>{duration(service.duration)}</span>
            </span>
            <span className="font-semibold text-slate-900">{hourlyRate(service.hourly_rate)}</span>
          </p>
          <RatingFigures rating={service.rating} className="mt-1 text-base" />
        </div>
      </div>

      {!service.active && (
        <p
          role="status"
          className="mt-6 rounded-lg border border-amber-300 bg-amber-50 p-4 font-semibold text-amber-950"
        >
          {serviceMessages.retiredNotice}
        </p>
      )}

      <div className="mt-8 grid gap-8 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <p className="text-lg leading-8 text-slate-700">{service.longDescription}</p>
          <Section title="What's Included">
            <CheckList items={content.features} />
          </Section>
          <Section title="Key Benefits">
            <CheckList items={content.benefits} />
          </Section>
          <Section title="Our Process">
            <ol className="space-y-3 text-slate-700">
              {content.process.map((step, index) => (
                <li key={step} className="flex items-start gap-3">
                  <span
                    aria-hidden="true"
                    className="flex size-7 shrink-0 items-center justify-center rounded-full bg-blue-700 text-sm font-semibold text-white"
                  >
                    {index + 1}
                  </span>
                  <span className="pt-0.5">{step}</span>
                </li>
              ))}
            </ol>
          </Section>
          <Section title="Technologies & Tools">
            <ul className="flex flex-wrap gap-2">
              {content.technologies.map((technology) => (
                <li
                  key={technology}
                  className="rounded-full border border-slate-200 bg-slate-50 px-3 py-1 text-sm text-slate-800"
                >
                  {technology}
                </li>
              ))}
            </ul>
          </Section>
          <Section title="What You'll Receive">
            <CheckList items={content.deliverables} />
          </Section>
          {/* Loaded after the first paint: below the page's own sections, it moves none of them. */}
          <ServiceConsultants serviceId={service.id} />
          {service.rating && <ServiceReviews serviceId={service.id} count={service.rating.count} />}
        </div>

        <aside aria-label="Book this service" className="lg:col-span-1">
          <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm lg:sticky lg:top-24">
            <h2 className="text-lg font-semibold text-slate-900">Book a Consultation</h2>
            <dl className="mt-4 space-y-3 text-slate-700">
              <div className="flex items-center justify-between">
                <dt>Rate</dt>
                <dd className="text-2xl font-bold text-slate-900">{hourlyRate(service.hourly_rate)}</dd>
              </div>
              <div className="flex items-center justify-between">
                <dt>Duration</dt>
                <dd className="font-semibold text-slate-900">{duration(service.duration)}</dd>
              </div>
            </dl>
            <div className="mt-6 flex flex-col gap-3">
              {service.active ? (
                <Link
                  to={bookHref}
                  state={account.user ? { service } : undefined}
                  className={buttonStyles.primary}
                >
                  <CalendarCheck aria-hidden="true" className="size-5" />
                  Book Consultation Now
                </Link>
              ) : (
                <Link to={paths.services} className={buttonStyles.primary}>
                  Browse Our Services
                </Link>
              )}
              <Link to={paths.contactAbout(service.id)} className={buttonStyles.secondary}>
                <MessageSquare aria-hidden="true" className="size-5" />
                Get Free Consultation
              </Link>
            </div>
          </div>
        </aside>
      </div>
    </div>
  );
}
