import { AdminReviews } from '../../features/admin/components/admin-reviews';
import { useDocumentTitle } from '../../lib/use-document-title';

/** /admin/reviews: every review, hidden ones too; administrators only (the guard is in the router). */
export function AdminReviewsRoute() {
  useDocumentTitle('Reviews');
  return <AdminReviews />;
}
