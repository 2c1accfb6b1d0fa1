import { type CoreService, coreServices, paths } from '@portal/domain';
import { ArrowRight, Award, Handshake, type LucideIcon, ShieldCheck, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonStyles } from '../../components/ui/button-styles';
import { IconCard } from '../../components/ui/icon-card';
import { ServiceIcon } from '../../components/ui/service-icon';
import { company } from '../../config/company';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useSession } from '../../lib/use-session';

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

interface Action {
  label: string;
  to: string;
  look: 'inverse' | 'inverseOutline';
  arrow?: boolean;
}

/** The calls to action of the hero and of the closing banner, for visitors and for signed-in users. */
const actions: Record<'hero' | 'closing', Record<'visitor' | 'signedIn', readonly Action[]>> = {
  hero: {
    visitor: [
      { label: 'Get Started Free', to: paths.register, look: 'inverse', arrow: true },
      { label: 'Learn More', to: paths.services, look: 'inverseOutline' },
    ],
    signedIn: [
      { label: 'View Services', to: paths.services, look: 'inverse' },
      { label: 'Book Consultation', to: paths.services, look: 'inverseOutline' },
    ],
  },
  closing: {
    visitor: [{ label: 'Start Your Journey', to: paths.register, look: 'inverse', arrow: true }],
    signedIn: [{ label: 'Book Consultation', to: paths.services, look: 'inverse' }],
  },
};

function Actions({ actions, className }: { actions: readonly Action[]; className: string }) {
  return (
    <div className={className}>
      {actions.map(({ label, to, look, arrow }) => (
        <Link key={label} to={to} className={buttonStyles[look]}>
          {label}
          {arrow && <ArrowRight aria-hidden="true" className="size-5" />}
        </Link>
      ))}
    </div>
  );
}

/** A section of the home page below the hero: a centred heading and lead, then its cards. */
function Section({
  id,
  title,
  lead,
  className,
  children,
}: {
  id: string;
  title: string;
  lead: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={className}>
      <div className="mx-auto max-w-7xl px-4 py-20 sm:px-6 lg:px-8">
        <div className="mx-auto max-w-2xl text-center">
          <h2 id={id} className="text-3xl font-bold tracking-tight text-slate-900">
            {title}
          </h2>
          <p className="mt-4 text-lg text-slate-700">{lead}</p>
        </div>
        <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">{children}</ul>
      </div>
    </section>
  );
}

export function HomeRoute() {
  useDocumentTitle();
  const audience = useSession().signedIn ? 'signedIn' : 'visitor';

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
            <Actions actions={actions.hero[audience]} className="mt-10 flex flex-wrap gap-4" />
          </div>
        </div>
      </section>

      <Section
        id="why-choose"
        title={`Why Choose ${company.name}`}
        lead="We combine deep technical knowledge with a focus on outcomes that matter to your business."
        className="bg-slate-50"
      >
        {reasons.map(({ icon: Icon, title, text }) => (
          <IconCard key={title} icon={<Icon aria-hidden="true" className="size-6" />} title={title} level={3}>
            <p>{text}</p>
          </IconCard>
        ))}
      </Section>

      <Section
        id="core-services"
        title="Our Core Services"
        lead="Four practices, one team. Choose a service to see what a consultation includes."
      >
        {coreServices.map((service) => (
          <IconCard
            key={service.id}
            icon={<ServiceIcon category={service.category} className="size-6" />}
            title={service.name}
            level={3}
            to={paths.service(service.id)}
            solid
          >
            <p>{serviceBlurbs[service.category]}</p>
            <p
              aria-hidden="true"
              className="mt-4 flex items-center gap-1 text-sm font-semibold text-blue-800"
            >
              View details <ArrowRight className="size-4" />
            </p>
          </IconCard>
        ))}
      </Section>

      <section aria-labelledby="call-to-action" className="bg-blue-800 text-white">
        <div className="mx-auto max-w-4xl px-4 py-16 text-center sm:px-6 lg:px-8">
          <h2 id="call-to-action" className="text-3xl font-bold tracking-tight">
            Ready to take the next step?
          </h2>
          <p className="mt-4 text-lg text-blue-100">
            Create your free account, pick a service and book a consultation at a time that suits you.
          </p>
          <Actions actions={actions.closing[audience]} className="mt-8 flex flex-wrap justify-center gap-4" />
        </div>
      </section>
    </>
  );
}
