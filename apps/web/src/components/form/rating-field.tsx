import { ratingValues, starLabel } from '@portal/domain';
import { Star } from 'lucide-react';
import { useId } from 'react';
import { type FieldPath, type FieldValues, type UseFormReturn, useController } from 'react-hook-form';
import { ErrorText } from './field';

/**
 * Five stars to choose a rating: a native radio group (arrow keys move and choose, Tab leaves), each star labelled
 * '1 star'…'5 stars'; the stars up to the chosen one are filled. Its error is tied to the group, and its stars are
 * marked invalid while it stands.
 */
export function RatingField<T extends FieldValues, O extends FieldValues>({
  form,
  name,
  legend = 'Rating',
  disabled = false,
}: {
  form: UseFormReturn<T, unknown, O>;
  name: FieldPath<T>;
  legend?: string;
  disabled?: boolean;
}) {
  const id = useId();
  const { field, fieldState } = useController({ control: form.control, name });
  const value: unknown = field.value;
  const error = fieldState.error?.message;
  return (
    <fieldset disabled={disabled} aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="font-semibold text-slate-900">{legend}</legend>
      <div className="mt-2 flex gap-1">
        {ratingValues.map((star) => (
          <label
            key={star}
            className="relative cursor-pointer rounded-md p-1 has-focus-visible:outline-2 has-focus-visible:outline-blue-700"
          >
            <input
              type="radio"
              name={id}
              value={star}
              checked={value === star}
              onChange={() => field.onChange(star)}
              aria-label={starLabel(star)}
              aria-invalid={error ? true : undefined}
              // Over the star, invisible: clicks and touches land on the radio itself.
              className="absolute inset-0 size-full cursor-pointer opacity-0"
            />
            <Star
              aria-hidden="true"
              className={`size-8 ${typeof value === 'number' && star <= value ? 'fill-amber-400 text-amber-500' : 'text-slate-400'}`}
            />
          </label>
        ))}
      </div>
      {error && <ErrorText id={`${id}-error`}>{error}</ErrorText>}
    </fieldset>
  );
}
