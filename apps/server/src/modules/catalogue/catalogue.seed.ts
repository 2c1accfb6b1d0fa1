// The four core services, and a consultant for each, added at start-up when missing. Never updated: the firm edits
// its catalogue and its consultants.
import { sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { consultantServices, consultants, type NewServiceRow, services } from '../../db/schema.ts';
import { bumpCacheVersion } from '../../db/versioned-cache.ts';
import { invalidateCatalogue } from './catalogue.service.ts';

type SeedService = Required<
  Pick<
    NewServiceRow,
    | 'id'
    | 'slug'
    | 'name'
    | 'category'
    | 'hourlyRate'
    | 'durationMinutes'
    | 'description'
    | 'longDescription'
    | 'features'
    | 'benefits'
    | 'process'
    | 'technologies'
    | 'deliverables'
  >
>;

export const seedServices: readonly SeedService[] = [
  {
    id: 1,
    slug: 'web-development',
    name: 'Web Development',
    category: 'web-development',
    hourlyRate: 150,
    durationMinutes: 60,
    description:
      'Custom web applications, e-commerce platforms and APIs built with modern frameworks and engineered to scale.',
    longDescription:
      'Our web development consultations help you plan, build or rescue the web application your business depends on. ' +
      'We review your goals, users and existing code, then recommend an architecture and a delivery plan that fit your ' +
      'budget and your team. Whether you need a new customer-facing application, an online store, or APIs that connect ' +
      'your systems, you leave the session with concrete next steps and an honest estimate of the effort involved.',
    features: [
      'Architecture review of new or existing web applications',
      'Front-end guidance for React, Vue.js and Next.js projects',
      'E-commerce platform selection and integration',
      'REST and GraphQL API design',
      'Performance, accessibility and SEO audit',
      'Code quality and testing strategy review',
    ],
    benefits: [
      'Ship features faster with a clear technical roadmap',
      'Avoid costly rewrites by choosing the right stack early',
      'Faster pages that convert more visitors into customers',
      'A maintainable codebase your own team can take over',
      'Independent advice with no vendor lock-in',
    ],
    process: [
      'Discovery call to understand your business goals and users',
      'Review of your current application, code and infrastructure',
      'Architecture and technology recommendations',
      'Prioritised delivery roadmap with effort estimates',
      'Follow-up session to answer your team’s questions',
    ],
    technologies: ['React', 'Vue.js', 'Next.js', 'TypeScript', 'Node.js', 'PostgreSQL', 'Shopify', 'AWS'],
    deliverables: [
      'Written architecture assessment',
      'Recommended technology stack with rationale',
      'Prioritised feature and delivery roadmap',
      'Effort and budget estimate',
      'Recording and notes of the consultation',
    ],
  },
  {
    id: 2,
    slug: 'database-architecture',
    name: 'Database Architecture',
    category: 'database-architecture',
    hourlyRate: 175,
    durationMinutes: 90,
    description:
      'Schema design, performance tuning and migration planning for databases that stay fast and reliable as you grow.',
    longDescription:
      'Slow queries, growing data volumes and fragile migrations hold products back. In this extended 90-minute session ' +
      'our database architects examine your data model, workload and operations, then show you where the bottlenecks ' +
      'and risks are. We design schemas, indexes and replication strategies that keep your data consistent and your ' +
      'application fast, and we plan migrations so they happen without downtime or data loss.',
    features: [
      'Data model and schema design review',
      'Query and index performance tuning',
      'Zero-downtime migration planning',
      'Replication, high availability and backup strategy',
      'Capacity planning for growing data volumes',
      'Security and access-control review',
    ],
    benefits: [
      'Faster queries and lower infrastructure costs',
      'Data you can trust, protected by the right constraints',
      'Confidence that backups and failover actually work',
      'Room to grow without a painful rewrite',
    ],
    process: [
      'Collect schema, query statistics and workload metrics',
      'Identify bottlenecks, risks and quick wins',
      'Design schema, indexing and scaling improvements',
      'Plan the migration path step by step',
      'Review the plan with your engineering team',
    ],
    technologies: ['PostgreSQL', 'MySQL', 'SQL Server', 'MongoDB', 'Redis', 'Amazon RDS', 'Elasticsearch'],
    deliverables: [
      'Database health report',
      'Schema and indexing recommendations',
      'Migration and rollback plan',
      'Backup and disaster-recovery checklist',
    ],
  },
  {
    id: 3,
    slug: 'ai-solutions',
    name: 'AI Solutions',
    category: 'ai-solutions',
    hourlyRate: 200,
    durationMinutes: 60,
    description:
      'Practical machine learning, natural language processing and automation that turn your data into results.',
    longDescription:
      'Artificial intelligence can automate repetitive work, surface insights hidden in your data and create new ' +
      'experiences for your customers, but only when it is applied to the right problem. Our AI consultants help you ' +
      'find the use cases with real return, assess whether your data is ready, and choose between off-the-shelf models, ' +
      'large language models and custom machine learning. We also cover cost, privacy and risk, so your first AI ' +
      'project reaches production instead of stalling as a prototype.',
    features: [
      'AI opportunity and use-case assessment',
      'Data readiness and quality review',
      'Large language model and chatbot integration',
      'Custom machine learning model strategy',
      'Predictive analytics and forecasting',
      'Responsible AI, privacy and cost review',
    ],
    benefits: [
      'Automate repetitive, time-consuming tasks',
      'Better decisions backed by your own data',
      'A realistic view of costs, risks and return',
      'A clear path from prototype to production',
    ],
    process: [
      'Workshop to map business processes and pain points',
      'Assessment of available data and systems',
      'Selection of the most valuable use cases',
      'Solution design and proof-of-concept plan',
      'Production rollout and monitoring roadmap',
    ],
    technologies: [
      'Python',
      'PyTorch',
      'scikit-learn',
      'OpenAI API',
      'LangChain',
      'Hugging Face',
      'pgvector',
    ],
    deliverables: [
      'AI opportunity assessment',
      'Ranked list of use cases with expected value',
      'Proof-of-concept plan and success criteria',
      'Implementation roadmap and budget estimate',
    ],
  },
  {
    id: 4,
    slug: 'it-consulting',
    name: 'IT Consulting',
    category: 'it-consulting',
    hourlyRate: 125,
    durationMinutes: 60,
    description:
      'Technology strategy, cloud migration and security guidance that align your IT with your business goals.',
    longDescription:
      'Technology decisions shape how efficiently your business runs. Our IT consultants act as your independent ' +
      'advisers: we review your infrastructure, software licences, security posture and support arrangements, and ' +
      'recommend improvements ranked by cost and impact. From moving to the cloud to hardening your systems against ' +
      'attacks, we help you invest in the technology that matters and stop paying for what does not.',
    features: [
      'Technology strategy and IT roadmap',
      'Cloud readiness and migration planning',
      'Security and compliance assessment',
      'Infrastructure and network review',
      'Software licensing and vendor evaluation',
    ],
    benefits: [
      'Lower IT costs through better use of what you have',
      'Reduced security and compliance risk',
      'Technology investments aligned with business goals',
      'Less downtime and fewer support headaches',
    ],
    process: [
      'Interview stakeholders about goals and pain points',
      'Inventory of current systems, vendors and costs',
      'Risk and opportunity analysis',
      'Recommendations ranked by impact and cost',
    ],
    technologies: ['AWS', 'Microsoft Azure', 'Google Cloud', 'Microsoft 365', 'Kubernetes', 'Terraform'],
    deliverables: [
      'IT assessment report',
      'Prioritised recommendations',
      'Cloud migration outline',
      'Security improvement checklist',
      'Twelve-month budget estimate',
    ],
  },
];

/**
 * One consultant per seed service, delivering only it, on the firm's hours (weekly_hours null): a fresh install
 * books as it did before consultants existed (docs/decisions/045). The domain is a reserved one (RFC 2606): the
 * firm edits the addresses.
 */
export const seedConsultants = [
  {
    id: 1,
    serviceId: 1,
    name: 'Maya Thompson',
    email: 'maya.thompson@otconsulting.example',
    title: 'Senior Web Architect',
    bio: 'Twelve years building and rescuing web applications, from online stores to customer portals.',
  },
  {
    id: 2,
    serviceId: 2,
    name: 'Daniel Ortiz',
    email: 'daniel.ortiz@otconsulting.example',
    title: 'Senior Database Architect',
    bio: 'Designs schemas and migrations for PostgreSQL and SQL Server systems that must not go down.',
  },
  {
    id: 3,
    serviceId: 3,
    name: 'Priya Raman',
    email: 'priya.raman@otconsulting.example',
    title: 'Lead AI Consultant',
    bio: 'Takes machine learning and language-model projects from a first use case to production.',
  },
  {
    id: 4,
    serviceId: 4,
    name: 'James Whitaker',
    email: 'james.whitaker@otconsulting.example',
    title: 'Principal IT Consultant',
    bio: 'Advises firms on cloud moves, security and IT budgets, with twenty years in infrastructure.',
  },
] as const;

/** Moves an identity sequence past the explicit ids the seed inserted, forward only. */
async function advanceSequence(tx: Transaction, table: string): Promise<void> {
  // Explicit ids do not advance the identity sequence; without this the next insert would collide with id 1.
  // Forward only: an id handed out before must not be handed out again.
  await tx.execute(sql`
    select setval(serial.sequence, greatest(
      (select max(id) from ${sql.identifier(table)}), coalesce(pg_sequence_last_value(serial.sequence), 1)))
    from (select pg_get_serial_sequence(${table}, 'id')::regclass as sequence) as serial`);
}

/**
 * Inserts the seed services that are missing (by id or slug) and leaves every existing row as it is, whatever the
 * firm changed in it; deletes nothing. Safe to run any number of times. Answers how many it inserted.
 */
export async function seed(db: Database): Promise<number> {
  const added = await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(services)
      .values([...seedServices])
      .onConflictDoNothing()
      .returning({ id: services.id });
    if (inserted.length > 0) {
      await advanceSequence(tx, 'services');
      // Processes already serving an older catalogue see the new services on their next check.
      await bumpCacheVersion(tx, 'catalogue');
    }
    // A consultant the firm changed, retired or re-addressed is left alone; one whose id or email is taken is skipped.
    const consultantsAdded = await tx
      .insert(consultants)
      .values(seedConsultants.map(({ serviceId: _, ...consultant }) => consultant))
      .onConflictDoNothing()
      .returning({ id: consultants.id });
    if (consultantsAdded.length > 0) {
      await advanceSequence(tx, 'consultants');
      await bumpCacheVersion(tx, 'consultants');
      const added = new Set(consultantsAdded.map((row) => row.id));
      // Only services that are there: a seed service may have been kept out by a firm's service of the same slug.
      const present = new Set((await tx.select({ id: services.id }).from(services)).map((row) => row.id));
      const links = seedConsultants
        .filter((consultant) => added.has(consultant.id) && present.has(consultant.serviceId))
        .map((consultant) => ({ consultantId: consultant.id, serviceId: consultant.serviceId }));
      if (links.length > 0) await tx.insert(consultantServices).values(links).onConflictDoNothing();
    }
    return inserted.length;
  });
  if (added > 0) invalidateCatalogue(db);
  return added;
}
