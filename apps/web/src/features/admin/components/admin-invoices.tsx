import {
  type AdminInvoice,
  apiPaths,
  billingMessages,
  centsOf,
  decimalAmount,
  defaultBusinessTimeZone,
  type InvoiceStatus,
  invoiceStatuses,
  invoiceStatusLabels,
  moneyText,
  paths,
  recordPaymentBodySchema,
  shortDate,
  todayIn,
} from '@portal/domain';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { z } from 'zod';
import { InputField } from '../../../components/form/form-fields';
import { SchemaForm, SubmitButton } from '../../../components/form/schema-form';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { useNotify } from '../../../components/notifications/use-notify';
import { Select } from '../../../components/ui/select';
import { useAdminInvoices, useRecordPayment } from '../api/invoices';
import { AdminListPage } from './admin-list-page';

const invoiceTexts = {
  loading: 'Loading invoices...',
  failed: 'Failed to load the invoices.',
  empty: 'No invoices yet: one is issued when a booking is confirmed.',
};

/** What the payment form holds: the amount as typed; it is sent in cents. */
const paymentFormSchema = z
  .object({ amount: z.string(), paidOn: z.string(), reference: z.string() })
  .transform(({ amount, ...rest }, context) => {
    const cents = centsOf(amount);
    if (cents === undefined) {
      context.addIssue({ code: 'custom', message: billingMessages.amountInvalid, path: ['amount'] });
      return z.NEVER;
    }
    return { ...rest, amountCents: cents };
  })
  .pipe(recordPaymentBodySchema);

const statusStyles: Record<InvoiceStatus, string> = {
  open: 'bg-blue-100 text-blue-900',
  overdue: 'bg-red-100 text-red-900',
  paid: 'bg-green-100 text-green-900',
  credited: 'bg-slate-200 text-slate-900',
};

function PaymentForm({ invoice }: { invoice: AdminInvoice }) {
  const record = useRecordPayment();
  const { notify } = useNotify();
  const open = invoice.total_cents - invoice.paid_cents;
  const form = useSchemaForm(paymentFormSchema, {
    defaultValues: {
      amount: decimalAmount(open),
      paidOn: todayIn(defaultBusinessTimeZone, new Date()),
      reference: '',
    },
  });
  async function save(payment: z.output<typeof paymentFormSchema>): Promise<undefined> {
    const saved = await record.mutateAsync({ id: invoice.id, payment });
    notify({
      type: 'success',
      title: 'Saved',
      message: `Payment recorded: ${invoice.number} is ${invoiceStatusLabels[saved.status].toLowerCase()}`,
    });
  }
  return (
    <SchemaForm
      form={form}
      onSubmit={save}
      onFailure={(error) => {
        // Said by a notification; the fields it names show it too.
        notify({
          type: 'error',
          title: 'Error',
          message: error instanceof Error ? error.message : String(error),
        });
        return undefined;
      }}
      className="mt-3 grid gap-3 sm:grid-cols-[10rem_11rem_1fr_auto] sm:items-end"
    >
      <InputField form={form} name="amount" label={`Amount (${invoice.currency.toUpperCase()})`} required />
      <InputField form={form} name="paidOn" label="Received on" type="date" required />
      <InputField form={form} name="reference" label="Transfer reference" required />
      <SubmitButton form={form} label="Record Payment" busy="Recording..." />
    </SchemaForm>
  );
}

function InvoiceItem({ invoice }: { invoice: AdminInvoice }) {
  const headingId = useId();
  const [paying, setPaying] = useState(false);
  const payable = invoice.kind === 'invoice' && (invoice.status === 'open' || invoice.status === 'overdue');
  return (
    <li
      data-testid="admin-invoice"
      aria-labelledby={headingId}
      className="rounded-lg border border-slate-200 bg-white p-4"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id={headingId} className="font-semibold text-slate-900">
            {invoice.kind === 'credit_note' ? `Credit note ${invoice.number}` : `Invoice ${invoice.number}`}
          </h2>
          <p className="mt-1 flex flex-wrap gap-x-3 gap-y-1 text-sm text-slate-700">
            <span>{invoice.client.name}</span>
            <span>Issued {shortDate(invoice.issued_on)}</span>
            {invoice.due_on && <span>Due {shortDate(invoice.due_on)}</span>}
            <span>Total {moneyText(invoice.total_cents, invoice.currency)}</span>
            {invoice.kind === 'invoice' && (
              <span>Paid {moneyText(invoice.paid_cents, invoice.currency)}</span>
            )}
            <span
              className={`rounded-full px-2 py-0.5 text-xs font-semibold ${statusStyles[invoice.status]}`}
            >
              {invoiceStatusLabels[invoice.status]}
            </span>
          </p>
        </div>
        <div className="flex flex-wrap gap-3 text-sm">
          <Link to={paths.booking(invoice.booking_id)} className="font-medium text-blue-800 hover:underline">
            View Booking
          </Link>
          {payable && !paying && (
            <button
              type="button"
              className="font-medium text-blue-800 hover:underline"
              onClick={() => setPaying(true)}
            >
              Record Payment
            </button>
          )}
        </div>
      </div>
      {payable && paying && <PaymentForm invoice={invoice} />}
    </li>
  );
}

/** /admin/invoices: every invoice and credit note, by status, with the bank payments the firm records. */
export function AdminInvoices() {
  const [status, setStatus] = useState<InvoiceStatus | 'all'>('all');
  const query = useAdminInvoices(status === 'all' ? undefined : status);
  const today = todayIn(defaultBusinessTimeZone, new Date());
  const monthStart = `${today.slice(0, 8)}01`;
  const filterId = useId();
  return (
    <>
      <div className="mx-auto flex max-w-5xl flex-wrap items-end gap-4 px-4 pt-10 sm:px-6 lg:px-8">
        <div>
          <label htmlFor={filterId} className="block text-sm font-medium text-slate-900">
            Status
          </label>
          <Select
            id={filterId}
            className="mt-1 rounded-lg border border-slate-300 px-3 py-2"
            options={['all', ...invoiceStatuses] as const}
            labels={{ all: 'All', ...invoiceStatusLabels }}
            value={status}
            onChange={(event) => setStatus(event.target.value as InvoiceStatus | 'all')}
          />
        </div>
        <a
          href={`${apiPaths.admin.invoicesExport}?from=${monthStart}&to=${today}`}
          download
          className="font-medium text-blue-800 hover:underline"
        >
          Download this month as CSV
        </a>
      </div>
      <AdminListPage
        title="Invoices"
        intro="Every invoice and credit note, newest first. Record a bank transfer against an invoice when it arrives."
        query={query}
        texts={invoiceTexts}
        itemsOf={(page) => page.invoices}
        moreLabel="More Invoices"
      >
        {(invoice) => <InvoiceItem key={invoice.id} invoice={invoice} />}
      </AdminListPage>
    </>
  );
}
