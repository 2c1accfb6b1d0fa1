// One letter layout for every e-mail: a greeting, paragraphs, facts, a button with its link spelled out, and the
// same content as plain text. The HTML is a whole document (doctype, language, character set, title), as mail
// clients and validators expect, and every address in our words is a link.
import { productName } from '@portal/domain';
import type { OutboxCalendarEvent } from '../../db/schema.ts';

/** One e-mail as the outbox stores it. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Where the recipient's answer goes instead of the sender (a contact-form message: the person who wrote it). */
  replyTo?: string | undefined;
  /** A calendar invitation or cancellation, sent as a text/calendar alternative and as invite.ics. */
  icalEvent?: OutboxCalendarEvent | undefined;
  /** It carries a one-time link: the outbox forgets its text once it is delivered over SMTP. */
  oneTimeLink?: boolean | undefined;
  /** An invoice or credit note attached as its PDF (drawn when sent). */
  invoiceId?: number | undefined;
}

export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/**
 * A web address in a letter's text: up to a space or a character that cannot be in one, without the punctuation
 * that ends the sentence it closes ('… here: https://example.com/page.').
 */
const urlPattern = /https?:\/\/[^\s<>"]*[^\s<>".,;:!?)'\]]/g;

/** A paragraph of our words as HTML: escaped, with every web address in it a link. */
function withLinks(text: string): string {
  let html = '';
  let from = 0;
  for (const match of text.matchAll(urlPattern)) {
    const url = escapeHtml(match[0]);
    html += `${escapeHtml(text.slice(from, match.index))}<a href="${url}">${url}</a>`;
    from = match.index + match[0].length;
  }
  return html + escapeHtml(text.slice(from));
}

export interface Letter {
  to: string;
  subject: string;
  replyTo?: string | undefined;
  /** The greeting's name ('Hello Ada,'); none: 'Hello,'. */
  name?: string | undefined;
  /** Paragraphs before the button. */
  intro: string[];
  /** A text someone wrote (a contact-form message), quoted as written, line breaks kept, after the facts. */
  quote?: string | undefined;
  /** Facts shown as a list of label and value after the intro (a booking's date, time, cost…). */
  details?: [label: string, value: string][];
  action?: { label: string; url: string };
  /** Paragraphs after the button. */
  outro: string[];
}

export function compose(letter: Letter): MailMessage {
  const { action, details = [] } = letter;
  const greeting = letter.name ? `Hello ${letter.name},` : 'Hello,';
  const text = [
    greeting,
    '',
    ...letter.intro.flatMap((paragraph) => [paragraph, '']),
    ...(details.length > 0 ? [...details.map(([label, value]) => `${label}: ${value}`), ''] : []),
    ...(letter.quote === undefined ? [] : [...letter.quote.split('\n').map((line) => `> ${line}`), '']),
    ...(action ? [`${action.label}: ${action.url}`, ''] : []),
    ...letter.outro.flatMap((paragraph) => [paragraph, '']),
    `— ${productName}`,
  ].join('\n');
  const paragraph = (content: string) =>
    `<p style="margin:0 0 16px;line-height:1.5">${withLinks(content)}</p>`;
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#2563eb;color:#ffffff;` +
      `padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(action.label)}</a></p>` +
      paragraph('If the button does not work, copy this link into your browser:') +
      `<p style="margin:0 0 16px;word-break:break-all"><a href="${escapeHtml(action.url)}">${escapeHtml(action.url)}</a></p>`
    : '';
  const facts =
    details.length > 0
      ? '<table role="presentation" style="border-collapse:collapse;margin:0 0 16px"><tbody>' +
        details
          .map(
            ([label, value]) =>
              `<tr><th scope="row" style="text-align:left;padding:4px 16px 4px 0;color:#4b5563;font-weight:normal;vertical-align:top">${escapeHtml(label)}</th>` +
              `<td style="padding:4px 0;font-weight:bold">${withLinks(value)}</td></tr>`,
          )
          .join('') +
        '</tbody></table>'
      : '';
  const html =
    '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<title>${escapeHtml(letter.subject)}</title></head>` +
    '<body style="font-family:Arial,Helvetica,sans-serif;color:#1f2937;background:#f9fafb;margin:0;padding:24px">' +
    '<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px">' +
    `<h1 style="font-size:20px;margin:0 0 24px;color:#1e3a8a">${escapeHtml(productName)}</h1>` +
    paragraph(greeting) +
    letter.intro.map(paragraph).join('') +
    facts +
    (letter.quote === undefined
      ? ''
      : '<blockquote style="margin:0 0 16px;padding:8px 16px;border-left:4px solid #cbd5e1;color:#374151;white-space:pre-wrap;line-height:1.5">' +
        `${escapeHtml(letter.quote)}</blockquote>`) +
    button +
    letter.outro.map(paragraph).join('') +
    `<p style="margin:24px 0 0;color:#6b7280;font-size:12px">${escapeHtml(productName)} client portal</p>` +
    '</div></body></html>';
  return { to: letter.to, subject: letter.subject, replyTo: letter.replyTo, text, html };
}

/** The links of a plain-text message (the dev mailbox logs and shows them; the HTML part links each). */
export function linksIn(text: string): string[] {
  return [...new Set(text.match(urlPattern) ?? [])];
}
