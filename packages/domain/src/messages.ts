/** User-facing texts fixed word for word (docs/product.md#messages); both sides import them from here. */
export const messages = {
  loadingServices: 'Loading services...',
  servicesLoadFailed: 'Failed to load services. Please try again later.',
  serviceNotFound: 'Service not found',
  serviceDetailsLoadFailed: 'Failed to load service details',
  pageNotFound: 'Not found',
  routeNotFound: 'Route not found',
  invalidRequest: 'Invalid request',
  internalError: 'Something went wrong. Please try again later.',
} as const;
