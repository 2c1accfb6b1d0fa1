// The dev mailbox: the outbox read back, newest first, at /dev/mail (HTML) and /dev/mail/latest?to= (JSON).
// Registered only when the app uses the dev mailbox (no SMTP server, not production), and shown only to callers on
// this machine: its e-mails hold sign-in and reset links.
import { emailTextRule, textField } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isLoopbackHost } from '../../config.ts';
import type { OutboxRow } from '../../db/schema.ts';
import { NotFound } from '../../lib/errors.ts';
import { escapeHtml, linksIn } from '../../lib/mail/letter.ts';
import { listMail } from '../../lib/mail/outbox.ts';

/** The plain text with its links made clickable. */
function textWithLinks(text: string): string {
  return text
    .split(/(https?:\/\/[^\s<>"]+)/g)
    .map((part, index) =>
      index % 2 === 1 ? `<a href="${escapeHtml(part)}">${escapeHtml(part)}</a>` : escapeHtml(part),
    )
    .join('');
}

function page(rows: OutboxRow[]): string {
  const items = rows
    .map(
      (row) =>
        `<article><h2>${escapeHtml(row.subject)}</h2>` +
        `<p class="meta">To <strong>${escapeHtml(row.to)}</strong>` +
        (row.replyTo ? ` · Reply-To ${escapeHtml(row.replyTo)}` : '') +
        ` · <time datetime="${row.createdAt.toISOString()}">` +
        `${row.createdAt.toISOString().replace('T', ' ').slice(0, 19)} UTC</time></p>` +
        `<pre>${textWithLinks(row.text)}</pre>` +
        (row.icalEvent
          ? `<details><summary>Calendar attachment: invite.ics (METHOD:${escapeHtml(row.icalEvent.method)})</summary>` +
            `<pre>${escapeHtml(row.icalEvent.content)}</pre></details>`
          : '') +
        '</article>',
    )
    .join('');
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Dev mailbox</title>' +
    '<link rel="stylesheet" href="/dev/mail/style.css"></head><body><h1>Dev mailbox</h1>' +
    '<p>Every email the server sent, newest first. Only in development: with SMTP_URL set, mail goes to that server.</p>' +
    (items || '<p>No messages yet.</p>') +
    '</body></html>'
  );
}

const style =
  'body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#1f2937}' +
  'article{border:1px solid #d1d5db;border-radius:8px;padding:1rem;margin:1rem 0}' +
  'h2{font-size:1.1rem;margin:0 0 .25rem}.meta{color:#4b5563;margin:0 0 .5rem}' +
  'pre{white-space:pre-wrap;word-break:break-all;font-family:inherit;margin:0}' +
  'details{margin-top:.75rem}summary{cursor:pointer;color:#1e3a8a}';

/** What /dev/mail/latest answers: the message, its links, and its calendar part. */
function devMailJson(row: OutboxRow) {
  return {
    id: row.id,
    to: row.to,
    replyTo: row.replyTo,
    subject: row.subject,
    text: row.text,
    html: row.html,
    links: linksIn(row.text),
    icalEvent: row.icalEvent,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function devMailRoutes(app: FastifyInstance) {
  // Anyone else gets what a path that does not exist gets. The connection's own address decides, never
  // X-Forwarded-For: a proxy believed under TRUST_PROXY would otherwise let anyone claim to be 127.0.0.1.
  app.addHook('onRequest', async (request, reply) => {
    if (!isLoopbackHost(request.socket.remoteAddress ?? '')) return reply.callNotFound();
  });
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get('/dev/mail', { schema: { hide: true } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
    return page(await listMail(app.db));
  });
  routes.get('/dev/mail/style.css', { schema: { hide: true } }, (_request, reply) =>
    reply.type('text/css; charset=utf-8').send(style),
  );
  routes.get(
    '/dev/mail/latest',
    // An address under the one text rule: a NUL or a lone surrogate is a 400, not a query the database refuses.
    {
      schema: { hide: true, querystring: z.object({ to: textField(emailTextRule).pipe(z.string().min(1)) }) },
    },
    async (request, reply) => {
      const [latest] = await listMail(app.db, { to: request.query.to, limit: 1 });
      // The refusal is logged: it names no address.
      if (!latest) throw new NotFound('No message to this address yet');
      return reply.header('cache-control', 'no-store').send(devMailJson(latest));
    },
  );
}
