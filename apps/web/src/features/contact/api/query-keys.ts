/** Query keys of the contact page, written once. */
export const contactKeys = {
  /** The services the form offers to pick from. */
  services: ['contact', 'services'] as const,
};
