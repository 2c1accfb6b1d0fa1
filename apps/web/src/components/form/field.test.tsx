import '../../index.css';
import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { z } from 'zod';
import { RatingField } from './rating-field';
import { TextField } from './text-field';
import { useSchemaForm } from './use-schema-form';

describe("the form frame's fields", () => {
  it('marks an invalid field and ties its message to it, after the hint', async () => {
    await render(
      <TextField label="Email" hint="We reply here." error="Please enter a valid email address" />,
    );
    const email = page.getByLabelText('Email');
    await expect.element(email).toHaveAttribute('aria-invalid', 'true');
    await expect
      .element(email)
      .toHaveAccessibleDescription('We reply here. Please enter a valid email address');
  });

  it('says nothing of an error while there is none', async () => {
    await render(<TextField label="Email" hint="We reply here." />);
    const email = page.getByLabelText('Email');
    await expect.element(email).not.toHaveAttribute('aria-invalid');
    await expect.element(email).toHaveAccessibleDescription('We reply here.');
  });

  it("marks a rating's stars invalid and ties the message to the group", async () => {
    function Rating() {
      const form = useSchemaForm(z.object({ rating: z.number({ error: 'Please choose a rating' }) }), {
        defaultValues: {},
      });
      return (
        <form onSubmit={(event) => void form.handleSubmit(() => undefined)(event)}>
          <RatingField form={form} name="rating" />
          <button type="submit">Send</button>
        </form>
      );
    }
    await render(<Rating />);
    await page.getByRole('button', { name: 'Send' }).click();
    await expect
      .element(page.getByRole('group', { name: 'Rating' }))
      .toHaveAccessibleDescription('Please choose a rating');
    await expect.element(page.getByRole('radio', { name: '1 star' })).toHaveAttribute('aria-invalid', 'true');
  });
});
