import { zodResolver } from '@hookform/resolvers/zod';
import {
  type ContactFormValues,
  type ContactRequest,
  contactFormSchema,
  contactMessages,
  contactServiceParam,
  maxContactMessageLength,
  minContactMessageLength,
} from '@portal/domain';
import { useEffect, useId, useState } from 'react';
import { type FieldPath, useForm, useWatch } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { TextField } from '../../../components/form/text-field';
import { BusyButton } from '../../../components/ui/busy-button';
import { buttonStyles } from '../../../components/ui/button-styles';
import { FormMessage } from '../../../components/ui/form-message';
import { ApiError } from '../../../lib/api-error';
import { useAuth } from '../../../lib/use-session';
import { useContactServices } from '../api/get-services';
import { useSendContactMessage } from '../api/send-contact-message';

const labelLook = 'text-sm font-medium text-slate-800';
const fieldLook =
  'mt-1 block w-full rounded-lg border px-3 py-2 text-slate-900 shadow-sm focus:outline-2 focus:outline-offset-0 focus:outline-blue-700 disabled:bg-slate-100';

const formFields: readonly FieldPath<ContactFormValues>[] = [
  'name',
  'email',
  'subject',
  'serviceId',
  'message',
];

function isFormField(path: string): path is FieldPath<ContactFormValues> {
  return (formFields as readonly string[]).includes(path);
}

interface Notice {
  type: 'error' | 'success';
  text: string;
}

/**
 * The contact form: name and e-mail (filled in for a signed-in user), subject, the service it is about (the one
 * whose 'Get Free Consultation' led here, from ?service=), and the message, checked with the server's own rules.
 * A hidden `website` field that people never see nor reach traps bots (docs/decisions/161).
 */
export function ContactForm() {
  const id = useId();
  const auth = useAuth();
  const [search] = useSearchParams();
  const services = useContactServices();
  const send = useSendContactMessage();
  const [notice, setNotice] = useState<Notice>();
  const form = useForm<ContactFormValues, unknown, ContactRequest>({
    resolver: zodResolver(contactFormSchema),
    defaultValues: {
      name: '',
      email: '',
      subject: '',
      message: '',
      serviceId: search.get(contactServiceParam) ?? '',
      website: '',
    },
  });
  const { errors } = form.formState;

  // The signed-in user's e-mail and name, once known, unless the person has typed their own.
  const email = auth.user?.email;
  const name = [auth.profile?.first_name, auth.profile?.last_name].filter(Boolean).join(' ');
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

  const submit = form.handleSubmit(async (values) => {
    setNotice(undefined);
    try {
      const thanks = await send.mutateAsync(values);
      setNotice({ type: 'success', text: thanks });
      form.reset({ ...form.getValues(), subject: '', message: '', serviceId: '', website: '' });
    } catch (failure) {
      if (!(failure instanceof ApiError) || !failure.isClientError) {
        setNotice({ type: 'error', text: contactMessages.sendFailed });
        return;
      }
      for (const error of failure.errors) {
        if (isFormField(error.path)) form.setError(error.path, { message: error.msg });
      }
      setNotice({ type: 'error', text: failure.message });
    }
  });

  const busy = form.formState.isSubmitting;
  return (
    <div className="space-y-4">
      {notice && <FormMessage type={notice.type}>{notice.text}</FormMessage>}
      <form noValidate onSubmit={submit} className="relative space-y-4" aria-label="Send us a message">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Name"
            autoComplete="name"
            required
            error={errors.name?.message}
            {...form.register('name')}
          />
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            required
            error={errors.email?.message}
            {...form.register('email')}
          />
        </div>
        <TextField label="Subject" required error={errors.subject?.message} {...form.register('subject')} />
        <div>
          <label htmlFor={`${id}-service`} className={labelLook}>
            Service
          </label>
          <select
            id={`${id}-service`}
            className={`${fieldLook} border-slate-300`}
            aria-invalid={errors.serviceId ? true : undefined}
            aria-describedby={errors.serviceId ? `${id}-service-error` : undefined}
            {...form.register('serviceId')}
          >
            <option value="">{contactMessages.noService}</option>
            {services.data?.map((service) => (
              <option key={service.id} value={String(service.id)}>
                {service.name}
              </option>
            ))}
          </select>
          {errors.serviceId && (
            <p id={`${id}-service-error`} className="mt-1 text-sm text-red-700">
              {errors.serviceId.message}
            </p>
          )}
        </div>
        <div>
          <div className="flex gap-1">
            <label htmlFor={`${id}-message`} className={labelLook}>
              Message
            </label>
            <span aria-hidden="true" className="text-sm text-red-700">
              *
            </span>
          </div>
          <textarea
            id={`${id}-message`}
            rows={6}
            maxLength={maxContactMessageLength}
            aria-required
            aria-invalid={errors.message ? true : undefined}
            aria-describedby={`${id}-message-hint${errors.message ? ` ${id}-message-error` : ''}`}
            className={`${fieldLook} ${errors.message ? 'border-red-600' : 'border-slate-300'}`}
            {...form.register('message')}
          />
          <p id={`${id}-message-hint`} className="mt-1 text-sm text-slate-600">
            At least {minContactMessageLength} characters ({length}/{maxContactMessageLength})
          </p>
          {errors.message && (
            <p id={`${id}-message-error`} className="mt-1 text-sm text-red-700">
              {errors.message.message}
            </p>
          )}
        </div>
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
        <BusyButton type="submit" busy={busy} busyLabel="Sending..." className={buttonStyles.primary}>
          Send Message
        </BusyButton>
      </form>
    </div>
  );
}
