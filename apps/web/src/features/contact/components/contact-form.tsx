import {
  type ContactFormValues,
  type ContactRequest,
  contactFormSchema,
  contactMessages,
  contactServiceParam,
  maxContactMessageLength,
  minContactMessageLength,
} from '@portal/domain';
import { useEffect, useId } from 'react';
import { useWatch } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { type FieldEntry, SelectField, TextAreaField } from '../../../components/form/form-fields';
import { type Notice, SchemaForm } from '../../../components/form/schema-form';
import { useChallenge } from '../../../components/form/use-challenge';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { ApiError } from '../../../lib/api-error';
import { useAccount } from '../../../lib/use-session';
import { useContactServices } from '../api/get-services';
import { useSendContactMessage } from '../api/send-contact-message';

const fields: readonly FieldEntry<ContactFormValues>[] = [
  {
    row: [
      { name: 'name', label: 'Name', autoComplete: 'name', required: true },
      { name: 'email', label: 'Email', type: 'email', autoComplete: 'email', required: true },
    ],
  },
  { name: 'subject', label: 'Subject', required: true },
];

/** A refusal is said in the server's words (its fields marked), anything else in the product's. */
function refused(failure: unknown): Notice {
  const said = failure instanceof ApiError && failure.isClientError;
  return { type: 'error', text: said ? failure.message : contactMessages.sendFailed };
}

/**
 * The contact form: name and e-mail (filled in for a signed-in user), subject, the service it is about (the one
 * whose 'Get Free Consultation' led here, from ?service=), and the message, checked with the server's own rules.
 * A hidden `website` field that people never see nor reach traps bots (docs/decisions/030); a proof-of-work
 * challenge, solved while the form is filled in, goes with the message (docs/decisions/041).
 */
export function ContactForm() {
  const id = useId();
  const account = useAccount();
  const [search] = useSearchParams();
  const services = useContactServices();
  const send = useSendContactMessage();
  const challenge = useChallenge();
  const form = useSchemaForm<ContactFormValues, ContactRequest>(contactFormSchema, {
    defaultValues: {
      name: '',
      email: '',
      subject: '',
      message: '',
      serviceId: search.get(contactServiceParam) ?? '',
      website: '',
    },
  });

  // The signed-in user's e-mail and name, once known, unless the person has typed their own.
  const email = account.user?.email;
  const name = [account.profile?.first_name, account.profile?.last_name].filter(Boolean).join(' ');
  useEffect(() => {
    if (email && !form.getFieldState('email').isDirty) form.setValue('email', email);
    if (name && !form.getFieldState('name').isDirty) form.setValue('name', name);
  }, [email, name, form]);

  // Once the options exist (the public list: offered services only), the select shows the preselected service;
  // one the catalogue no longer offers is dropped.
  const offeredIds = services.data?.map((service) => String(service.id)).join(',');
  useEffect(() => {
    if (offeredIds === undefined) return;
    const chosen = form.getValues('serviceId');
    form.setValue('serviceId', offeredIds.split(',').includes(chosen) ? chosen : '');
  }, [offeredIds, form]);

  const message = useWatch({ control: form.control, name: 'message' }) ?? '';
  const length = message.trim().length;

  async function sendMessage(values: ContactRequest): Promise<Notice> {
    let thanks: string;
    try {
      thanks = await send.mutateAsync({ ...values, altcha: await challenge.solution() });
    } finally {
      // Each solution is taken once: the next message, or the next attempt, gets a new one.
      challenge.renew();
    }
    form.reset({ ...form.getValues(), subject: '', message: '', serviceId: '', website: '' });
    return { type: 'success', text: thanks };
  }

  return (
    <SchemaForm
      form={form}
      onSubmit={sendMessage}
      onFailure={refused}
      fields={fields}
      submit={{ label: 'Send Message', busy: 'Sending...' }}
      className="relative space-y-4"
      aria-label="Send us a message"
    >
      <SelectField form={form} name="serviceId" label="Service">
        <option value="">{contactMessages.noService}</option>
        {services.data?.map((service) => (
          <option key={service.id} value={String(service.id)}>
            {service.name}
          </option>
        ))}
      </SelectField>
      <TextAreaField
        form={form}
        name="message"
        label="Message"
        required
        rows={6}
        maxLength={maxContactMessageLength}
        hint={`At least ${minContactMessageLength} characters (${length}/${maxContactMessageLength})`}
      />
      {/* The bot trap: off screen, out of the tab order and hidden from assistive technology. */}
      <div aria-hidden="true" className="absolute -left-[9999px] size-px overflow-hidden">
        <label htmlFor={`${id}-website`}>Website (leave this empty)</label>
        <input
          id={`${id}-website`}
          type="text"
          tabIndex={-1}
          autoComplete="off"
          {...form.register('website')}
        />
      </div>
      {challenge.field}
    </SchemaForm>
  );
}
