import { z } from 'zod';
import { serviceIcons } from './service-icons.ts';

export const serviceCategories = [
  'web-development',
  'database-architecture',
  'ai-solutions',
  'it-consulting',
] as const;
export type ServiceCategory = (typeof serviceCategories)[number];

/** The fixed feature list a service card shows for its category. */
const cardFeaturesByCategory: Record<ServiceCategory, readonly string[]> = {
  'web-development': [
    'React/Vue.js Applications',
    'E-commerce Platforms',
    'API Development',
    'Database Integration',
  ],
  'database-architecture': [
    'Schema Design & Modeling',
    'Performance Tuning',
    'Data Migration',
    'High Availability & Backups',
  ],
  'ai-solutions': [
    'Machine Learning Models',
    'Natural Language Processing',
    'Predictive Analytics',
    'AI Integration & Automation',
  ],
  'it-consulting': [
    'Technology Strategy',
    'Cloud Migration',
    'Security Assessment',
    'Digital Transformation',
  ],
};

export function isServiceCategory(category: string): category is ServiceCategory {
  return (serviceCategories as readonly string[]).includes(category);
}

/** Spec: an unknown category gets a generic icon and 'Consulting Services'. */
export function serviceCardFeatures(category: string): readonly string[] {
  return isServiceCategory(category) ? cardFeaturesByCategory[category] : ['Consulting Services'];
}

export const serviceDetailLists = [
  'features',
  'benefits',
  'process',
  'technologies',
  'deliverables',
] as const;
export type ServiceDetailList = (typeof serviceDetailLists)[number];
type ServiceDetailContent = Record<ServiceDetailList, readonly string[]>;

const detailFallbacksByCategory: Record<ServiceCategory, ServiceDetailContent> = {
  'web-development': {
    features: [
      'Custom web application development',
      'Responsive, accessible design',
      'API design and integration',
    ],
    benefits: [
      'Faster time to market',
      'A maintainable codebase your team can own',
      'Better search visibility',
    ],
    process: [
      'Discovery and requirements',
      'Design and prototyping',
      'Development and testing',
      'Launch and support',
    ],
    technologies: ['React', 'TypeScript', 'Node.js', 'PostgreSQL'],
    deliverables: ['Technical recommendations', 'Architecture outline', 'Project roadmap'],
  },
  'database-architecture': {
    features: ['Schema design review', 'Query and index tuning', 'Scaling and replication planning'],
    benefits: ['Faster queries', 'Data you can trust', 'Room to grow without rewrites'],
    process: [
      'Assess the current data model',
      'Measure the workload',
      'Design improvements',
      'Plan the migration',
    ],
    technologies: ['PostgreSQL', 'MySQL', 'Redis', 'MongoDB'],
    deliverables: ['Database health report', 'Optimisation plan', 'Migration checklist'],
  },
  'ai-solutions': {
    features: ['Use-case discovery', 'Model selection and evaluation', 'Integration into your products'],
    benefits: [
      'Automate repetitive work',
      'Better decisions from your data',
      'A clear view of costs and risks',
    ],
    process: [
      'Identify opportunities',
      'Assess your data',
      'Prototype a solution',
      'Plan production rollout',
    ],
    technologies: ['Python', 'PyTorch', 'Large language models', 'Vector databases'],
    deliverables: ['AI opportunity assessment', 'Prototype plan', 'Implementation roadmap'],
  },
  'it-consulting': {
    features: ['Technology strategy', 'Infrastructure review', 'Security and compliance guidance'],
    benefits: ['Lower IT costs', 'Reduced risk', 'Technology aligned with business goals'],
    process: [
      'Understand your business',
      'Review current systems',
      'Recommend improvements',
      'Support the rollout',
    ],
    technologies: ['AWS', 'Azure', 'Kubernetes', 'Microsoft 365'],
    deliverables: ['IT assessment report', 'Prioritised recommendations', 'Budget estimate'],
  },
};

const genericDetailFallback: ServiceDetailContent = {
  features: ['Expert consultation', 'Tailored recommendations', 'Follow-up support'],
  benefits: ['Clear next steps', 'Experienced guidance', 'Solutions that fit your budget'],
  process: ['Initial consultation', 'Analysis', 'Recommendations', 'Follow-up'],
  technologies: ['Industry-standard tools'],
  deliverables: ['Consultation summary', 'Action plan'],
};

export const serviceSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  category: z.string(),
  hourly_rate: z.number().int().describe('Whole US dollars per hour'),
  duration: z.number().int().describe('Session length in minutes'),
  description: z.string(),
  icon: z.enum(serviceIcons),
  longDescription: z.string(),
  features: z.array(z.string()),
  benefits: z.array(z.string()),
  process: z.array(z.string()),
  technologies: z.array(z.string()),
  deliverables: z.array(z.string()),
});
export type Service = z.infer<typeof serviceSchema>;

export const servicesResponseSchema = z.object({ services: z.array(serviceSchema) });
export const serviceResponseSchema = z.object({ service: serviceSchema });
export type ServicesResponse = z.infer<typeof servicesResponseSchema>;
export type ServiceResponse = z.infer<typeof serviceResponseSchema>;

/** Ids are PostgreSQL integers; anything else is a 400, never a 500. */
export const serviceIdParamsSchema = z.object({
  id: z.coerce
    .number({ error: 'Service id must be a number' })
    .int('Service id must be a whole number')
    .positive('Service id must be positive')
    .max(2_147_483_647, 'Service id is too large'),
});

/** The five detail lists of a service, each falling back to its category's text (or the generic one) when empty. */
export function serviceDetailContent(
  service: Pick<Service, 'category' | ServiceDetailList>,
): ServiceDetailContent {
  const fallback = isServiceCategory(service.category)
    ? detailFallbacksByCategory[service.category]
    : genericDetailFallback;
  const content = {} as Record<ServiceDetailList, readonly string[]>;
  for (const list of serviceDetailLists) {
    content[list] = service[list].length > 0 ? service[list] : fallback[list];
  }
  return content;
}
