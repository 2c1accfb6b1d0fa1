import { type CoreService, coreServices, paths } from '@portal/domain';
import { ArrowRight, Award, Handshake, type LucideIcon, ShieldCheck, Users } from 'lucide-react';
import { Link } from 'react-router';
import { buttonStyles } from '../../components/ui/button-styles';
import { ServiceIcon } from '../../components/ui/service-icon';
import { company } from '../../config/company';
import { useDocumentTitle } from '../../lib/use-document-title';
import { type Session, useSession } from '../../lib/use-session';

const reasons: readonly { icon: LucideIcon; title: string; text: string }[] = [
  {
    icon: Award,
    title: 'Proven Expertise',
    text: 'Senior consultants with years of hands-on experience across web, data, AI and infrastructure.',
  },
  {
    icon: Users,
    title: 'Tailored to You',
    text: 'Every engagement starts from your goals, your team and your budget, never from a template.',
  },
  {
    icon: ShieldCheck,
    title: 'Transparent Pricing',
    text: 'Clear hourly rates and fixed session lengths, so you always know what a consultation costs.',
  },
  {
    icon: Handshake,
    title: 'Lasting Partnership',
    text: 'Practical recommendations and follow-up support long after the first session ends.',
  },
];

const serviceBlurbs: Record<CoreService['category'], string> = {
  'web-development': 'Modern, fast and accessible web applications, from e-commerce to custom platforms.',
  'database-architecture': 'Data models, performance tuning and migrations for databases that scale.',
  'ai-solutions': 'Machine learning and automation that turn your data into better decisions.',
  'it-consulting': 'Technology strategy, cloud and security guidance aligned with your business.',
};

function HeroActions({ session }: { session: Session }) {
  if (session.signedIn) {
    return (
      <>
        <Link to={paths.services} className={buttonStyles.inverse}>
          View Services
        </Link>
        <Link to={paths.services} className={buttonStyles.inverseOutline}>
          Book Consultation
        </Link>
      </>
    );
  }
  return (
    <>
      <Link to={paths.register} className={buttonStyles.inverse}>
        Get Started Free
        <ArrowRight aria-hidden="true" className="size-5" />
      </Link>
      <Link to={paths.services} className={buttonStyles.inverseOutline}>
        Learn More
      </Link>
    </>
  );
}

export function HomeRoute() {
  useDocumentTitle();
  const session = useSession();

  return (
    <>
      <section className="bg-gradient-to-br from-slate-900 via-blue-950 to-blue-900 text-white">
        <div className="mx-auto max-w-7xl px-4 py-20 sm:px-6 md:py-28 lg:px-8">
          <div className="max-w-3xl">
            <p className="text-sm font-semibold tracking-wide text-blue-200 uppercase">{company.tagline}</p>
            <h1 className="mt-4 text-4xl font-bold tracking-tight sm:text-5xl lg:text-6xl">
              Technology expertise that moves your business forward
            </h1>
            <p className="mt-6 text-lg leading-8 text-slate-200">
              {company.name} helps companies build better software, design reliable data platforms, put AI to
              work and plan their IT with confidence. Book a consultation with an expert in minutes.
            </p>
            <div className="mt-10 flex flex-wrap gap-4">
              <HeroActions session={session} />
            </div>
          </div>
        </div>
      </section>

      <section aria-labelledby="why-choose" className="bg-slate-50">
        <div className="mx-auto max-w-7xl px-4 py-20 sm:px-6 lg:px-8">
          <div className="mx-auto max-w-2xl text-center">
            <h2 id="why-choose" className="text-3xl font-bold tracking-tight text-slate-900">
              Why Choose {company.name}
            </h2>
            <p className="mt-4 text-lg text-slate-700">
              We combine deep technical knowledge with a focus on outcomes that matter to your business.
            </p>
          </div>
          <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {reasons.map(({ icon: Icon, title, text }) => (
              <li key={title} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
                <span className="flex size-12 items-center justify-center rounded-xl bg-blue-50 text-blue-700">
                  <Icon aria-hidden="true" className="size-6" />
                </span>
                <h3 className="mt-4 text-lg font-semibold text-slate-900">{title}</h3>
                <p className="mt-2 text-slate-700">{text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="core-services">
        <div className="mx-auto max-w-7xl px-4 py-20 sm:px-6 lg:px-8">
          <div className="mx-auto max-w-2xl text-center">
            <h2 id="core-services" className="text-3xl font-bold tracking-tight text-slate-900">
              Our Core Services
            </h2>
            <p className="mt-4 text-lg text-slate-700">
              Four practices, one team. Choose a service to see what a consultation includes.
            </p>
          </div>
          <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {coreServices.map((service) => (
              <li
                key={service.id}
                className="relative rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition-shadow focus-within:ring-2 focus-within:ring-blue-700 hover:shadow-md"
              >
                <span className="flex size-12 items-center justify-center rounded-xl bg-blue-700 text-white">
                  <ServiceIcon serviceId={service.id} className="size-6" />
                </span>
                <h3 className="mt-4 text-lg font-semibold text-slate-900">
                  <Link
                    to={paths.service(service.id)}
                    className="after:absolute after:inset-0 focus-visible:outline-none"
                  >
                    {service.name}
                  </Link>
                </h3>
                <p className="mt-2 text-slate-700">{serviceBlurbs[service.category]}</p>
                <p
                  aria-hidden="true"
                  className="mt-4 flex items-center gap-1 text-sm font-semibold text-blue-800"
                >
                  View details <ArrowRight className="size-4" />
                </p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="call-to-action" className="bg-blue-800 text-white">
        <div className="mx-auto max-w-4xl px-4 py-16 text-center sm:px-6 lg:px-8">
          <h2 id="call-to-action" className="text-3xl font-bold tracking-tight">
            Ready to take the next step?
          </h2>
          <p className="mt-4 text-lg text-blue-100">
            Create your free account, pick a service and book a consultation at a time that suits you.
          </p>
          <div className="mt-8 flex flex-wrap justify-center gap-4">
            {session.signedIn ? (
              <Link to={paths.services} className={buttonStyles.inverse}>
                Book Consultation
              </Link>
            ) : (
              <Link to={paths.register} className={buttonStyles.inverse}>
                Start Your Journey
                <ArrowRight aria-hidden="true" className="size-5" />
              </Link>
            )}
          </div>
        </div>
      </section>
    </>
  );
}
