// Invoices not paid by their due date: the client is reminded once, whatever the number of servers (the reminder's
// row is keyed by the invoice), with the invoice attached (docs/product.md#invoices).
import { openCents, todayIn } from '@portal/domain';
import { and, asc, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { invoiceReminders, invoices } from '../../db/schema.ts';
import type { BookingMailOptions } from '../../lib/mail/booking-calendar.ts';
import { invoiceOverdueEmail } from '../../lib/mail/invoice-emails.ts';
import { enqueueMail } from '../../lib/mail/outbox.ts';
import { credited, paidCents } from './admin-invoices.service.ts';
import { invoiceDocument } from './invoices.service.ts';

/** Reminds the clients of invoices overdue at `now` that were never reminded; how many letters went out. */
export async function remindOverdueInvoices(
  db: Database,
  options: BookingMailOptions & { timeZone: string },
  now: Date,
  limit = 500,
): Promise<number> {
  const today = todayIn(options.timeZone, now);
  const due = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(
      and(
        eq(invoices.kind, 'invoice'),
        lt(invoices.dueOn, today),
        sql`${paidCents} < ${invoices.totalCents}`,
        sql`not ${credited}`,
        sql`not exists (select 1 from invoice_reminders as reminder where reminder.invoice_id = "invoices"."id")`,
      ),
    )
    .orderBy(asc(invoices.id))
    .limit(limit);
  let reminded = 0;
  for (const { id } of due) {
    const sent = await db.transaction(async (tx) => {
      const [claimed] = await tx
        .insert(invoiceReminders)
        .values({ invoiceId: id })
        .onConflictDoNothing()
        .returning({ invoiceId: invoiceReminders.invoiceId });
      if (!claimed) return false;
      const [row] = await tx
        .select({ invoice: invoices, paidCents })
        .from(invoices)
        .where(eq(invoices.id, id));
      if (!row) return false;
      const open = openCents({
        kind: row.invoice.kind,
        totalCents: row.invoice.totalCents,
        paidCents: Number(row.paidCents),
        credited: false,
        dueOn: row.invoice.dueOn,
      });
      await enqueueMail(tx, {
        ...invoiceOverdueEmail(await invoiceDocument(tx, row.invoice), options, open),
        invoiceId: id,
      });
      return true;
    });
    if (sent) reminded += 1;
  }
  return reminded;
}
