/** The 400s of a paged list's query (the reviews, the contact-form messages). */
export const pagingMessages = {
  pageSizeInvalid: (max: number) => `limit must be a whole number from 1 to ${max}`,
  cursorInvalid: 'cursor is not one this list gave',
} as const;

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
  /** 503: the request took longer than the server's limit (REQUEST_TIMEOUT_MS) or a statement timed out. */
  requestTimedOut: 'The server took too long to answer. Please try again in a moment.',
  /** 503: no database connection came free in time, or a transaction was ended to break a deadlock. */
  serverBusy: 'The server is busy. Please try again in a moment.',
  /** 413: a body over the route's limit. */
  bodyTooLarge: 'The request body is too large',
  /** 400: a path spelled another way than the one it routes to (percent-encoded letters, `..`, `//`, `/API`). */
  pathNotCanonical: 'The URL must be written in its plain form',
  /** 400: a JSON body nested deeper than any request of ours (`maxJsonDepth`). */
  jsonTooDeep: (max: number) => `The request body is nested more than ${max} levels deep`,
} as const;
