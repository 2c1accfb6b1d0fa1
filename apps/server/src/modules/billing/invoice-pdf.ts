// An invoice or credit note as a PDF, drawn from its stored row (docs/decisions/049): the same row always draws the
// same document, so nothing is kept on disk. DejaVu Sans, embedded as a subset, prints any client's name.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import { billingTexts, type InvoiceDocument, invoiceLineText, moneyText, taxRateText } from '@portal/domain';
import { PDFDocument, type PDFFont, type PDFPage, rgb } from 'pdf-lib';

const require = createRequire(import.meta.url);
const regularFont = readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'));
const boldFont = readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'));

/** US Letter, in points; the margins and the text sizes. */
const pageSize: [number, number] = [612, 792];
const margin = 56;
const size = { title: 20, text: 10, small: 8 };
const lineGap = 4;
const grey = rgb(0.35, 0.35, 0.35);

interface Pen {
  page: PDFPage;
  regular: PDFFont;
  bold: PDFFont;
  y: number;
}

/** Lines of `text` no wider than `width`, broken between words (a word wider than the line stands alone). */
function wrapped(text: string, font: PDFFont, fontSize: number, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const candidate = line ? `${line} ${word}` : word;
      if (line && font.widthOfTextAtSize(candidate, fontSize) > width) {
        lines.push(line);
        line = word;
      } else line = candidate;
    }
    lines.push(line);
  }
  return lines;
}

function write(
  pen: Pen,
  text: string,
  options: { x?: number; width?: number; bold?: boolean; fontSize?: number; grey?: boolean } = {},
): void {
  const font = options.bold ? pen.bold : pen.regular;
  const fontSize = options.fontSize ?? size.text;
  const x = options.x ?? margin;
  for (const line of wrapped(text, font, fontSize, options.width ?? pageSize[0] - x - margin)) {
    pen.page.drawText(line, { x, y: pen.y, size: fontSize, font, color: options.grey ? grey : rgb(0, 0, 0) });
    pen.y -= fontSize + lineGap;
  }
}

/** Text set flush right against `right`. */
function writeRight(pen: Pen, text: string, right: number, bold = false): void {
  const font = bold ? pen.bold : pen.regular;
  pen.page.drawText(text, {
    x: right - font.widthOfTextAtSize(text, size.text),
    y: pen.y,
    size: size.text,
    font,
  });
}

function party(
  pen: Pen,
  heading: string,
  lines: (string | null | undefined)[],
  x: number,
  width: number,
): number {
  const top = pen.y;
  write(pen, heading, { x, width, bold: true, fontSize: size.small, grey: true });
  for (const line of lines) if (line) write(pen, line, { x, width });
  const bottom = pen.y;
  pen.y = top;
  return bottom;
}

export async function invoicePdf(invoice: InvoiceDocument): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkit);
  const texts = billingTexts(invoice);
  pdf.setTitle(texts.title);
  pdf.setAuthor(invoice.seller.legalName);
  pdf.setSubject(texts.title);
  // Fixed dates: the same invoice always gives the same bytes.
  const issued = new Date(`${invoice.issuedOn}T12:00:00Z`);
  pdf.setCreationDate(issued);
  pdf.setModificationDate(issued);
  const pen: Pen = {
    page: pdf.addPage(pageSize),
    regular: await pdf.embedFont(regularFont, { subset: true }),
    bold: await pdf.embedFont(boldFont, { subset: true }),
    y: pageSize[1] - margin - size.title,
  };
  const right = pageSize[0] - margin;
  const half = (pageSize[0] - 2 * margin) / 2;

  write(pen, texts.heading, { bold: true, fontSize: size.title });
  pen.y -= 6;
  for (const line of texts.facts) write(pen, line);
  pen.y -= 12;

  const sellerBottom = party(pen, 'FROM', texts.seller, margin, half - 12);
  const buyerBottom = party(pen, 'BILL TO', texts.buyer, margin + half, half);
  pen.y = Math.min(sellerBottom, buyerBottom) - 16;

  // The line: description on the left, amount on the right.
  write(pen, 'DESCRIPTION', { bold: true, fontSize: size.small, grey: true });
  pen.y += size.small + lineGap;
  writeRight(pen, 'AMOUNT', right, true);
  pen.y -= size.text + lineGap + 4;
  const lineTop = pen.y;
  write(pen, invoiceLineText(invoice.line, invoice.currency), { width: pageSize[0] - 2 * margin - 110 });
  const lineBottom = pen.y;
  pen.y = lineTop;
  writeRight(pen, moneyText(invoice.subtotalCents, invoice.currency), right);
  pen.y = lineBottom - 12;

  const totals: [string, number, boolean][] = [
    ['Subtotal', invoice.subtotalCents, false],
    ...(invoice.taxRate > 0
      ? [[`Tax (${taxRateText(invoice.taxRate)})`, invoice.taxCents, false] as [string, number, boolean]]
      : []),
    ['Total', invoice.totalCents, true],
  ];
  for (const [label, cents, bold] of totals) {
    writeRight(pen, label, right - 110, bold);
    writeRight(pen, moneyText(cents, invoice.currency), right, bold);
    pen.y -= size.text + lineGap + 2;
  }
  pen.y -= 16;
  for (const paragraph of texts.instructions) {
    write(pen, paragraph);
    pen.y -= 6;
  }
  if (invoice.seller.footer) {
    pen.y = margin + 24;
    write(pen, invoice.seller.footer, { fontSize: size.small, grey: true });
  }
  return pdf.save();
}
