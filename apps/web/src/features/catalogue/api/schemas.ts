// The catalogue's response schemas, loaded with the first catalogue request rather than with the pages: on a first
// load the pages render from the catalogue embedded in the page, so zod stays out of it (docs/decisions/035).
export {
  publicConsultantsResponseSchema,
  serviceResponseSchema,
  serviceReviewsResponseSchema,
  servicesResponseSchema,
} from '@portal/domain';
