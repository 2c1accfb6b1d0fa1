// Reviews of completed consultations: the rules, texts and paths written once for both sides (docs/product.md#reviews).
// No zod here (the web app's cards import it); the schemas are in schemas.ts.
import { pagingMessages } from '../api/messages.ts';
import type { TextRule } from '../text/rule.ts';

export const minRating = 1;
export const maxRating = 5;
export const ratingValues = [1, 2, 3, 4, 5] as const;
export const maxReviewCommentLength = 2000;

/** The comment: several lines of text under the one text rule (text/rule.ts). */
export const reviewCommentRule: TextRule = {
  label: 'Comment',
  max: maxReviewCommentLength,
  multiline: true,
};

/** A service's public reviews (`GET /api/services/{id}/reviews?limit`). */
export const defaultReviewsPageSize = 10;
export const maxReviewsPageSize = 50;
/** The administrators' list of every review (`GET /api/admin/reviews?limit`). */
export const defaultAdminReviewsPageSize = 20;
export const maxAdminReviewsPageSize = 100;

export const reviewMessages = {
  ratingInvalid: `Rating must be a whole number from ${minRating} to ${maxRating}`,
  ratingRequired: 'Choose a rating from 1 to 5 stars',
  onlyCompleted: 'Only a completed consultation can be reviewed',
  alreadyReviewed: 'This consultation has already been reviewed',
  reviewNotFound: 'Review not found',
  pageSizeInvalid: pagingMessages.pageSizeInvalid,
  cursorInvalid: pagingMessages.cursorInvalid,
  hiddenInvalid: 'hidden must be true or false',
  saved: 'Thank you for your review',
  saveFailed: 'Failed to save your review. Please try again.',
  loadFailed: 'Failed to load reviews',
  noReviews: 'No reviews yet',
  hidden: 'Review hidden',
  shown: 'Review shown again',
  updateFailed: 'Failed to update the review. Please try again.',
  /** Where a review has no author profile to name. */
  anonymousAuthor: 'A client',
} as const;

/** How a review names its author in public: first name and last initial ('Ada L.'), or 'A client'. */
export function reviewAuthor(firstName: string | null, lastName: string | null): string {
  const first = firstName?.trim() ?? '';
  if (!first) return reviewMessages.anonymousAuthor;
  const initial = [...(lastName?.trim() ?? '')][0];
  return initial ? `${first} ${initial.toUpperCase()}.` : first;
}

/** The average of `count` ratings adding up to `sum`, to one decimal (4.66… → 4.7). */
export function averageRating(sum: number, count: number): number {
  return count === 0 ? 0 : Math.round((sum * 10) / count) / 10;
}

export interface RatingSummary {
  /** One decimal. */
  average: number;
  count: number;
}

/** '★ 4.7 (12 reviews)', as cards and the detail page show a service's rating. */
export function ratingLabel(rating: RatingSummary): string {
  return `★ ${rating.average.toFixed(1)} (${rating.count} ${rating.count === 1 ? 'review' : 'reviews'})`;
}

/** What screen readers hear for the same figures. */
export function ratingDescription(rating: RatingSummary): string {
  return `Rated ${rating.average.toFixed(1)} out of ${maxRating} from ${rating.count} ${rating.count === 1 ? 'review' : 'reviews'}`;
}

/** A star's name in the rating picker: '1 star', '2 stars'… */
export function starLabel(value: number): string {
  return `${value} ${value === 1 ? 'star' : 'stars'}`;
}
