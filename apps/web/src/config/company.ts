/** The firm behind the portal: shown in the top bar, footer, contact page and document titles. */
export const company = {
  name: 'OT Consulting',
  tagline: 'IT consulting for growing businesses',
  address: {
    street: '2850 E Camelback Rd, Suite 210',
    city: 'Phoenix',
    region: 'AZ',
    postalCode: '85016',
  },
  phone: { display: '(602) 555-0147', href: 'tel:+16025550147' },
  email: { display: 'hello@otconsulting.com', href: 'mailto:hello@otconsulting.com' },
  /** Spec, Navigation: word for word. */
  businessHours: 'Mon-Fri 8AM-7PM MST',
} as const;

/** A page's document title: "Services | OT Consulting". */
export function pageTitle(page?: string): string {
  return page ? `${page} | ${company.name}` : `${company.name} | ${company.tagline}`;
}
