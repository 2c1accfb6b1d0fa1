import { siteName, siteTagline } from '@portal/domain';

/** The firm behind the portal: shown in the top bar, footer, contact page and document titles. */
export const company = {
  name: siteName,
  tagline: siteTagline,
  /** The postal address, line by line. */
  address: ['2850 E Camelback Rd, Suite 210', 'Phoenix, AZ 85016'],
  phone: { display: '(602) 555-0147', href: 'tel:+16025550147' },
  email: { display: 'hello@otconsulting.com', href: 'mailto:hello@otconsulting.com' },
  /**
   * When the firm answers the phone and email, word for word as the product gives it
   * (docs/product.md#navigation-and-layout). Not the hours consultations can be booked: those come from the schedule.
   */
  officeHours: 'Mon-Fri 8AM-7PM MST',
} as const;
