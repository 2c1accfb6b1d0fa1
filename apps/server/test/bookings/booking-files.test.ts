// A booking's documents (docs/product.md#documents; docs/decisions/051): who may list, attach, download and delete
// them; the size, count and kind limits, the kind judged by the content; the bytes served back exactly, by another
// server process too; uploads at once never passing the count.
import {
  accountMessages,
  apiPaths,
  type BookingFile,
  bookingFileMessages,
  bookingMessages,
  maxFilesPerBooking,
} from '@portal/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingFiles, writeRateLimits } from '../../src/db/schema.ts';
import { seedBookings, signedInAdmin } from '../admin/fixtures.ts';
import { api, appUrl, cookieHeader, identity } from '../helpers/accounts.ts';
import { buildTestApp, secondApp, type TestApp } from '../helpers/build-test-app.ts';
import {
  elfProgram,
  type FormPart,
  fileForm,
  legacyWordContainer,
  minimalDocx,
  minimalPdf,
  minimalPng,
  multipartBody,
  zipOf,
} from '../helpers/multipart.ts';
import { type Client, raceLimits, signedInClient } from './clients.ts';

const megabyte = 1024 * 1024;
const docxType = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

let testApp: TestApp;
let app: FastifyInstance;
let admin: Client;
let owner: Client;
let stranger: Client;
let consultant: Client;
let otherConsultant: Client;
let consultantId: number;
let booking: number;

beforeAll(async () => {
  // A 1 MB limit keeps the oversized upload small; the races' limits keep a busy machine's answers real.
  testApp = await buildTestApp({ env: { ...raceLimits, MAX_UPLOAD_MB: '1' } });
  app = testApp.app;
  admin = await signedInAdmin(testApp, 'chief@files.test');
  owner = await signedInClient(testApp, 'owner@files.test', { firstName: 'Olive', lastName: 'Owner' });
  stranger = await signedInClient(testApp, 'stranger@files.test');
  consultant = await signedInClient(testApp, 'mia@files.test', { firstName: 'Mia', lastName: 'Mine' });
  otherConsultant = await signedInClient(testApp, 'otto@files.test');
  consultantId = await addConsultant('Mia Mine', 'mia@files.test');
  await addConsultant('Otto Other', 'otto@files.test');
  booking = await newBooking();
});
afterAll(async () => {
  await testApp?.close();
});

async function addConsultant(name: string, email: string): Promise<number> {
  const response = await api(app, 'POST', apiPaths.consultants.admin, admin, {
    name,
    email,
    serviceIds: [1],
  });
  if (response.statusCode !== 201) throw new Error(response.body);
  return response.json().consultant.id;
}

/** A booking of the owner with the consultant, in a status of the test's choosing. */
async function newBooking(status: 'pending' | 'confirmed' | 'completed' | 'cancelled' = 'pending') {
  const [id = 0] = await seedBookings(app, [
    { userId: owner.id, createdAt: new Date(), consultantId, status },
  ]);
  return id;
}

/** A signed-in caller, or nobody. */
type Who = Client | null;

function upload(who: Who, bookingId: number | string, form: { body: Buffer; type: string }, origin = appUrl) {
  return app.inject({
    method: 'POST',
    url: apiPaths.bookings.files(bookingId),
    headers: { origin, 'content-type': form.type, ...(who ? { cookie: who.cookie } : {}) },
    payload: form.body,
  });
}

function list(who: Who, bookingId: number | string) {
  return api(app, 'GET', apiPaths.bookings.files(bookingId), who ?? {});
}

function download(who: Who, bookingId: number | string, fileId: number | string, server = app) {
  return api(server, 'GET', apiPaths.bookings.file(bookingId, fileId), who ?? {});
}

function remove(who: Who, bookingId: number | string, fileId: number | string) {
  return api(app, 'DELETE', apiPaths.bookings.file(bookingId, fileId), who ?? {});
}

/** Attaches a file; the test fails unless it is taken. */
async function attached(who: Client, bookingId: number, filename: string, content: Uint8Array | string) {
  const response = await upload(who, bookingId, fileForm(filename, content));
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ file: BookingFile }>().file;
}

async function realPdf(): Promise<Buffer> {
  const document = await PDFDocument.create();
  document.addPage([200, 200]).drawText('Statement of work', { x: 20, y: 100, size: 12 });
  return Buffer.from(await document.save());
}

describe('who may do what with a booking’s documents', () => {
  let ownersFile: BookingFile;
  beforeAll(async () => {
    ownersFile = await attached(owner, booking, 'brief.pdf', minimalPdf);
  });

  it('lists them for the owner, an administrator and the booking’s consultant; 404 for the others; 401 signed out', async () => {
    for (const who of [owner, admin, consultant]) {
      const response = await list(who, booking);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<{ files: BookingFile[] }>().files.map((file) => file.id)).toContain(ownersFile.id);
    }
    for (const who of [stranger, otherConsultant]) {
      const response = await list(who, booking);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: bookingMessages.bookingNotFound });
    }
    const signedOut = await list(null, booking);
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json()).toEqual({ message: accountMessages.noActiveSession });
  });

  it('takes one from the owner, an administrator and the booking’s consultant; 404 for the others; 401 signed out', async () => {
    const bookingOfThree = await newBooking();
    for (const [who, side] of [
      [owner, 'client'],
      [admin, 'firm'],
      [consultant, 'firm'],
    ] as const) {
      const file = await attached(who, bookingOfThree, 'notes.txt', 'Agenda\n1. Goals\n');
      expect(file.uploaded_by).toMatchObject({ side, is_you: true });
    }
    for (const who of [stranger, otherConsultant]) {
      const response = await upload(who, bookingOfThree, fileForm('notes.txt', 'Not mine'));
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: bookingMessages.bookingNotFound });
    }
    const signedOut = await upload(null, bookingOfThree, fileForm('notes.txt', 'Anyone'));
    expect(signedOut.statusCode).toBe(401);
    // Nothing of the refused ones was stored.
    const stored = await app.db.select().from(bookingFiles).where(eq(bookingFiles.bookingId, bookingOfThree));
    expect(stored).toHaveLength(3);
  });

  it('serves the download to the owner, an administrator and the booking’s consultant; 404 for the others', async () => {
    for (const who of [owner, admin, consultant]) {
      const response = await download(who, booking, ownersFile.id);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.rawPayload.equals(minimalPdf)).toBe(true);
    }
    for (const who of [stranger, otherConsultant]) {
      const response = await download(who, booking, ownersFile.id);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: bookingMessages.bookingNotFound });
    }
    expect((await download(null, booking, ownersFile.id)).statusCode).toBe(401);
    // Another booking's id with this document's: not found, never served.
    const elsewhere = await download(owner, await newBooking(), ownersFile.id);
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json()).toEqual({ message: bookingFileMessages.fileNotFound });
  });

  it('lets only the uploader delete it: 403 for the others who see the booking, 404 for the rest', async () => {
    const firmFile = await attached(consultant, booking, 'deliverable.pdf', minimalPdf);
    for (const who of [owner, admin]) {
      const response = await remove(who, booking, firmFile.id);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: bookingFileMessages.onlyUploaderDeletes });
    }
    for (const who of [stranger, otherConsultant]) {
      const response = await remove(who, booking, firmFile.id);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: bookingMessages.bookingNotFound });
    }
    expect((await remove(null, booking, firmFile.id)).statusCode).toBe(401);
    expect((await download(owner, booking, firmFile.id)).statusCode).toBe(200);

    const deleted = await remove(consultant, booking, firmFile.id);
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect(deleted.body).toBe('');
    expect((await download(owner, booking, firmFile.id)).statusCode).toBe(404);
    const again = await remove(consultant, booking, firmFile.id);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: bookingFileMessages.fileNotFound });
    // The owner's own document stays, and is theirs to delete.
    const ids = (await list(owner, booking)).json<{ files: BookingFile[] }>().files.map((file) => file.id);
    expect(ids).toContain(ownersFile.id);
    expect(ids).not.toContain(firmFile.id);
  });

  it('says who attached each one, in the reader’s terms, and never carries the content in the list', async () => {
    const bookingOfTwo = await newBooking('confirmed');
    await attached(owner, bookingOfTwo, 'brief.txt', 'What we need');
    await attached(consultant, bookingOfTwo, 'plan.txt', 'What we will do');
    const asOwner = (await list(owner, bookingOfTwo)).json<{ files: BookingFile[] }>().files;
    expect(asOwner.map((file) => [file.name, file.uploaded_by])).toEqual([
      ['brief.txt', { name: 'Olive Owner', side: 'client', is_you: true }],
      ['plan.txt', { name: 'Mia Mine', side: 'firm', is_you: false }],
    ]);
    const asAdmin = (await list(admin, bookingOfTwo)).json<{ files: BookingFile[] }>().files;
    expect(asAdmin.map((file) => file.uploaded_by.is_you)).toEqual([false, false]);
    for (const file of asAdmin) {
      expect(Object.keys(file).sort()).toEqual(
        ['content_type', 'created_at', 'id', 'name', 'size', 'uploaded_by'].sort(),
      );
    }
    expect(asAdmin[0]).toMatchObject({ size: 12, content_type: 'text/plain' });
  });

  it('refuses a write with the session cookie from another origin, and counts uploads as writes', async () => {
    const forged = await upload(
      owner,
      booking,
      fileForm('forged.txt', 'From elsewhere'),
      'https://evil.example',
    );
    expect(forged.statusCode).toBe(403);
    expect(forged.json()).toEqual({ message: accountMessages.originNotAllowed });
    const [before] = await app.db
      .select()
      .from(writeRateLimits)
      .where(eq(writeRateLimits.userId, stranger.id));
    await upload(stranger, booking, fileForm('count.txt', 'Counted'));
    const [after] = await app.db
      .select()
      .from(writeRateLimits)
      .where(eq(writeRateLimits.userId, stranger.id));
    expect(after?.count).toBe((before?.count ?? 0) + 1);
  });
});

describe('the documents a booking takes', () => {
  it('keeps a PDF, a PNG, a DOCX, a legacy Word file, CSV and text under the type their content has', async () => {
    const target = await newBooking('confirmed');
    const pdf = await realPdf();
    const cases: [string, Uint8Array | string, string, string][] = [
      ['Statement of work.pdf', pdf, 'application/pdf', 'Statement of work.pdf'],
      ['diagram.png', minimalPng, 'image/png', 'diagram.png'],
      ['contract.docx', minimalDocx, docxType, 'contract.docx'],
      ['legacy.doc', legacyWordContainer, 'application/msword', 'legacy.doc'],
      ['figures.csv', 'quarter,revenue\nQ1,1200\n', 'text/csv', 'figures.csv'],
      ['notes.txt', 'Café — naïve résumé\r\n\tindented\n', 'text/plain', 'notes.txt'],
      ['archive.zip', zipOf([['readme.txt', 'hello']]), 'application/zip', 'archive.zip'],
      // No extension: the content's is added, so the saved file opens with the right program.
      ['scan', minimalPng, 'image/png', 'scan.png'],
    ];
    for (const [filename, content, type, kept] of cases) {
      const response = await upload(owner, target, fileForm(filename, content, 'application/x-made-up'));
      expect(response.statusCode, `${filename}: ${response.body}`).toBe(201);
      const { file } = response.json<{ file: BookingFile }>();
      expect(file, filename).toMatchObject({
        name: kept,
        content_type: type,
        size: Buffer.from(content).byteLength,
      });
      const back = await download(consultant, target, file.id);
      expect(back.statusCode).toBe(200);
      expect(back.rawPayload.equals(Buffer.from(content)), filename).toBe(true);
      expect(back.headers['content-type']).toBe(type.startsWith('text/') ? `${type}; charset=utf-8` : type);
      expect(back.headers['x-content-type-options']).toBe('nosniff');
      expect(back.headers['cache-control']).toBe('private, no-store');
      expect(String(back.headers['content-disposition'])).toMatch(/^attachment; /);
    }
  });

  it('names a file sent without a name after its kind (a form part with no filename)', async () => {
    const target = await newBooking();
    const response = await upload(
      owner,
      target,
      multipartBody([{ name: 'file', type: 'application/octet-stream', content: minimalPdf }]),
    );
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().file).toMatchObject({ name: 'document.pdf', content_type: 'application/pdf' });
  });

  it('stores the type recognised from the content, never the one the browser declares', async () => {
    const target = await newBooking();
    const response = await upload(owner, target, fileForm('photo.png', minimalPng, 'application/pdf'));
    expect(response.json().file.content_type).toBe('image/png');
  });

  it('refuses what is not a document of ours, whatever its name says (415)', async () => {
    const target = await newBooking();
    const refused: [string, Uint8Array | string][] = [
      ['report.pdf', elfProgram],
      ['report.pdf', Buffer.from([0x00, 0x13, 0x37, 0xfe, 0xed, 0xfa, 0xce, 0x00, 0xff, 0x80])],
      ['page.html', '<!DOCTYPE html><html><body><script>alert(1)</script></body></html>'],
      ['page.txt', '\n  <html><body onload="alert(1)"></body></html>'],
      ['logo.svg', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'],
      ['logo.png', '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"></svg>'],
      ['run.exe', Buffer.from('MZ\u0090\u0000\u0003\u0000\u0000\u0000\u0004\u0000')],
      ['macro.txt', 'text with a NUL \u0000 inside'],
      ['latin1.txt', Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x0a])],
    ];
    for (const [filename, content] of refused) {
      const response = await upload(owner, target, fileForm(filename, content, 'application/pdf'));
      expect(response.statusCode, `${filename}: ${response.body}`).toBe(415);
      expect(response.json()).toEqual({ message: bookingFileMessages.typeRefused });
    }
    // A document of ours under another kind's name: the name and the content disagree.
    for (const [filename, content, extension] of [
      ['notes.pdf', 'Just text, named as a PDF', 'pdf'],
      ['scan.pdf', minimalPng, 'pdf'],
      ['contract.docx', minimalPdf, 'docx'],
    ] as const) {
      const response = await upload(owner, target, fileForm(filename, content));
      expect(response.statusCode, filename).toBe(415);
      expect(response.json()).toEqual({ message: bookingFileMessages.nameDisagrees(extension) });
    }
    expect((await list(owner, target)).json().files).toEqual([]);
  });

  it('refuses a file over MAX_UPLOAD_MB with 413 and takes one of exactly that size', async () => {
    const target = await newBooking();
    const padding = (size: number) =>
      Buffer.concat([minimalPdf, Buffer.alloc(size - minimalPdf.length, 0x20)]);
    const tooLarge = await upload(owner, target, fileForm('big.pdf', padding(megabyte + 1)));
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toEqual({ message: bookingFileMessages.tooLarge(1) });
    const exact = await upload(owner, target, fileForm('exact.pdf', padding(megabyte)));
    expect(exact.statusCode, exact.body).toBe(201);
    expect(exact.json().file.size).toBe(megabyte);
    expect((await list(owner, target)).json().files).toHaveLength(1);
  });

  it(`takes ${maxFilesPerBooking} documents a booking, then 409 until one is deleted`, async () => {
    const target = await newBooking();
    const files: BookingFile[] = [];
    for (let index = 1; index <= maxFilesPerBooking; index += 1) {
      files.push(
        await attached(index % 2 ? owner : consultant, target, `part-${index}.txt`, `Part ${index}`),
      );
    }
    const oneMore = await upload(admin, target, fileForm('part-21.txt', 'One too many'));
    expect(oneMore.statusCode).toBe(409);
    expect(oneMore.json()).toEqual({ message: bookingFileMessages.tooMany(maxFilesPerBooking) });
    const [first] = files;
    if (!first) throw new Error('no file');
    expect((await remove(owner, target, first.id)).statusCode).toBe(204);
    await attached(admin, target, 'part-21.txt', 'Now there is room');
    expect((await list(owner, target)).json().files).toHaveLength(maxFilesPerBooking);
  });

  it('refuses a cancelled booking’s uploads (409); a completed one still takes deliverables', async () => {
    const cancelled = await newBooking('cancelled');
    const refused = await upload(owner, cancelled, fileForm('late.pdf', minimalPdf));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: bookingFileMessages.bookingCancelled });
    // Still readable, as the booking is.
    expect((await list(owner, cancelled)).statusCode).toBe(200);
    const completed = await newBooking('completed');
    await attached(consultant, completed, 'final-report.pdf', minimalPdf);
  });

  it('answers a form without a file, an empty file, two files or a broken body with 400, and JSON with 415', async () => {
    const target = await newBooking();
    const noFile = await upload(owner, target, multipartBody([{ name: 'note', content: 'fields only' }]));
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json()).toEqual({
      message: bookingFileMessages.noFile,
      errors: [{ path: 'file', msg: bookingFileMessages.noFile }],
    });
    const empty = await upload(owner, target, fileForm('empty.pdf', ''));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(bookingFileMessages.emptyFile);
    const twoFiles: FormPart[] = [
      { name: 'file', filename: 'a.pdf', content: minimalPdf },
      { name: 'file', filename: 'b.pdf', content: minimalPdf },
    ];
    const two = await upload(owner, target, multipartBody(twoFiles));
    expect(two.statusCode).toBe(400);
    expect(two.json().message).toBe(bookingFileMessages.oneFileOnly);
    const { body } = fileForm('cut.pdf', minimalPdf);
    const cut = await upload(owner, target, {
      body: body.subarray(0, body.length - 20),
      type: `multipart/form-data; boundary=${'-'.repeat(4)}PortalTestBoundary7MA4YWxkTrZu0gW`,
    });
    expect(cut.statusCode).toBe(400);
    expect(cut.json()).toEqual({ message: bookingFileMessages.unreadable });
    const noBoundary = await upload(owner, target, { body, type: 'multipart/form-data' });
    expect(noBoundary.statusCode).toBe(400);
    const json = await app.inject({
      method: 'POST',
      url: apiPaths.bookings.files(target),
      headers: { origin: appUrl, cookie: owner.cookie, 'content-type': 'application/json' },
      payload: JSON.stringify({ file: 'JVBERi0xLjQ=' }),
    });
    expect(json.statusCode).toBe(415);
    expect(json.json()).toEqual({ message: bookingFileMessages.notMultipart });
    expect((await list(owner, target)).json().files).toEqual([]);
  });
});

describe('multipart bodies', () => {
  it('are read by the upload route only: every other route refuses them as before', async () => {
    const form = fileForm('brief.pdf', minimalPdf);
    for (const url of [apiPaths.bookings.create, apiPaths.accounts.profile]) {
      const response = await app.inject({
        method: url === apiPaths.bookings.create ? 'POST' : 'PUT',
        url,
        headers: { origin: appUrl, cookie: owner.cookie, 'content-type': form.type },
        payload: form.body,
      });
      expect(response.statusCode, url).toBe(415);
    }
  });
});

describe('file names', () => {
  it('keeps the name without folders or hidden characters, at most 200 characters, and serves it safely', async () => {
    const target = await newBooking();
    const named = async (filename: string) => (await attached(owner, target, filename, minimalPdf)).name;
    expect(await named('../../etc/Résumé – 2030.pdf')).toBe('Résumé – 2030.pdf');
    expect(await named('C:\\fakepath\\quote.pdf')).toBe('quote.pdf');
    // A right-to-left override would show 'invoiceexe.pdf' as 'invoicefdp.exe': it goes, and the kind's extension comes.
    expect(await named('invoice\u202Efdp.exe')).toBe('invoicefdp.exe.pdf');
    const long = await named(`${'x'.repeat(300)}.pdf`);
    expect(long).toHaveLength(200);
    expect(long.endsWith('.pdf')).toBe(true);

    const { files } = (await list(owner, target)).json<{ files: BookingFile[] }>();
    const accented = files.find((file) => file.name === 'Résumé – 2030.pdf');
    if (!accented) throw new Error('no accented file');
    const response = await download(owner, target, accented.id);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="Resume _ 2030.pdf"; filename*=UTF-8''R%C3%A9sum%C3%A9%20%E2%80%93%202030.pdf`,
    );
  });
});

describe('documents stored with the booking', () => {
  it('are served byte for byte by another server process on the same database', async () => {
    const target = await newBooking('confirmed');
    const pdf = await realPdf();
    const file = await attached(consultant, target, 'deliverable.pdf', pdf);
    const other = await secondApp(testApp);
    try {
      // A session of the other server's own (each signs its cookies with its own secret).
      const signIn = await identity(other.app, 'POST', '/sign-in/email', {
        email: owner.email,
        password: 'booking-tests-password',
      });
      expect(signIn.statusCode, signIn.body).toBe(200);
      const ownerThere = { ...owner, cookie: cookieHeader(signIn) };
      const response = await download(ownerThere, target, file.id, other.app);
      expect(response.statusCode).toBe(200);
      expect(response.rawPayload.equals(pdf)).toBe(true);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['content-disposition']).toBe('attachment; filename="deliverable.pdf"');
      const listed = await api(other.app, 'GET', apiPaths.bookings.files(target), ownerThere);
      expect(listed.json<{ files: BookingFile[] }>().files.map((entry) => entry.id)).toEqual([file.id]);
    } finally {
      await other.close();
    }
  });

  it(`never pass ${maxFilesPerBooking} a booking, however many arrive at once`, async () => {
    const target = await newBooking();
    for (let index = 1; index <= maxFilesPerBooking - 2; index += 1) {
      await attached(owner, target, `early-${index}.txt`, `Early ${index}`);
    }
    const racing = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        upload(index % 2 ? owner : consultant, target, fileForm(`race-${index}.txt`, `Race ${index}`)),
      ),
    );
    const statuses = racing.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([201, 201, 409, 409, 409, 409]);
    const stored = await app.db.select().from(bookingFiles).where(eq(bookingFiles.bookingId, target));
    expect(stored).toHaveLength(maxFilesPerBooking);
  });
});
