import {
  maxRating,
  type RatingSummary,
  ratingDescription,
  ratingLabel,
  ratingValues,
  starLabel,
} from '@portal/domain';
import { Star } from 'lucide-react';
import { useId } from 'react';

/**
 * Five stars to choose a rating: a native radio group (arrow keys move and choose, Tab leaves), each star labelled
 * '1 star'…'5 stars'; the stars up to the chosen one are filled.
 */
export function StarRatingInput({
  value,
  onChange,
  legend = 'Rating',
  disabled = false,
}: {
  value: number | null;
  onChange: (value: number) => void;
  legend?: string;
  disabled?: boolean;
}) {
  const name = useId();
  return (
    <fieldset disabled={disabled}>
      <legend className="font-semibold text-slate-900">{legend}</legend>
      <div className="mt-2 flex gap-1">
        {ratingValues.map((star) => (
          <label
            key={star}
            className="relative cursor-pointer rounded-md p-1 has-focus-visible:outline-2 has-focus-visible:outline-blue-700"
          >
            <input
              type="radio"
              name={name}
              value={star}
              checked={value === star}
              onChange={() => onChange(star)}
              aria-label={starLabel(star)}
              // Over the star, invisible: clicks and touches land on the radio itself.
              className="absolute inset-0 size-full cursor-pointer opacity-0"
            />
            <Star
              aria-hidden="true"
              className={`size-8 ${value !== null && star <= value ? 'fill-amber-400 text-amber-500' : 'text-slate-400'}`}
            />
          </label>
        ))}
      </div>
    </fieldset>
  );
}

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
