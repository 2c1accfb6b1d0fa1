import { maxRating, type RatingSummary, ratingDescription, ratingLabel, ratingValues } from '@portal/domain';
import { Star } from 'lucide-react';

/** A given rating as stars, read as 'Rated 4 out of 5 stars'. */
export function StarRating({ rating, className = '' }: { rating: number; className?: string }) {
  return (
    <span
      role="img"
      aria-label={`Rated ${rating} out of ${maxRating} stars`}
      className={`inline-flex ${className}`}
    >
      {ratingValues.map((star) => (
        <Star
          key={star}
          aria-hidden="true"
          className={`size-4 ${star <= rating ? 'fill-amber-400 text-amber-500' : 'text-slate-300'}`}
        />
      ))}
    </span>
  );
}

/** A service's figures: '★ 4.7 (12 reviews)', nothing before its first review. */
export function RatingFigures({
  rating,
  className = '',
}: {
  rating: RatingSummary | null;
  className?: string;
}) {
  if (!rating || rating.count === 0) return null;
  return (
    <p className={`text-sm font-medium text-slate-700 ${className}`}>
      <span aria-hidden="true">{ratingLabel(rating)}</span>
      <span className="sr-only">{ratingDescription(rating)}</span>
    </p>
  );
}
