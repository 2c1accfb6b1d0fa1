// A booking's Documents on its page, and the documents chosen in the wizard (docs/product.md#documents), against a
// stubbed API.
import '../../index.css';
import {
  apiPaths,
  type Booking,
  type BookingDetailResponse,
  type BookingFile,
  bookingMessages,
  maxFilesPerBooking,
  maxWizardAttachments,
  moment,
  bookingFileMessages as texts,
} from '@portal/domain';
import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { page } from 'vitest/browser';
import { BookingDetailRoute } from '../../app/routes/booking-detail';
import {
  description,
  longEnough,
  nextWeekdays,
  renderAt as renderWizardAt,
  reviewButton,
  serviceAndAvailability,
  stubApi as stubBookingApi,
  toDetails,
} from '../../testing/bookings';
import { bookingFixture, scheduleAnswer } from '../../testing/fixtures';
import { renderRouter } from '../../testing/render-router';
import { type Answer, type ApiCall, stubApi as stubAnyApi } from '../../testing/stub-api';

const docxType = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

function signedIn(call: ApiCall): Answer | undefined {
  if (call.path === apiPaths.accounts.session) {
    return {
      status: 200,
      body: {
        session: { id: 's1', expiresAt: '2030-01-01T00:00:00.000Z' },
        user: { id: 'user-1', email: 'jane@example.com', emailVerified: true, name: '' },
      },
    };
  }
  if (call.path === '/api/auth/profile') {
    return { status: 200, body: { user: { id: 'user-1', first_name: 'Jane', role: 'client' } } };
  }
  return undefined;
}

/** The schedule's answer with another MAX_UPLOAD_MB than the default. */
function maxUpload(megabytes: number) {
  return (call: ApiCall): Answer | undefined => {
    const answer = scheduleAnswer(call);
    return answer && { ...answer, body: { ...answer.body, max_upload_mb: megabytes } };
  };
}

function stubApi(
  answer: Parameters<typeof stubAnyApi>[0],
  schedule: (call: ApiCall) => Answer | undefined = scheduleAnswer,
) {
  return stubAnyApi(answer, (call) => signedIn(call) ?? schedule(call));
}

function detailOf(booking: Booking): BookingDetailResponse {
  return { booking, history: [], change_notice_hours: 24, is_owner: true };
}

function renderPage(id = 7) {
  return renderRouter(
    createMemoryRouter([{ path: '/booking/:id', element: <BookingDetailRoute /> }], {
      initialEntries: [`/booking/${id}`],
    }),
  );
}

const confirmed = bookingFixture({ id: 7, status: 'confirmed', confirmation_code: 'OT-2030-007' });

const ownFile: BookingFile = {
  id: 11,
  name: 'brief.pdf',
  size: 24_576,
  content_type: 'application/pdf',
  uploaded_by: { name: 'Jane Doe', side: 'client', is_you: true },
  created_at: '2030-01-03T16:00:00.000Z',
};
const firmFile: BookingFile = {
  id: 12,
  name: 'Proposal – v2.docx',
  size: 1_572_864,
  content_type: docxType,
  uploaded_by: { name: 'Maya Thompson', side: 'firm', is_you: false },
  created_at: '2030-01-04T18:30:00.000Z',
};

/** The booking and its documents, as the server answers them; `more` answers the rest. */
function bookingWith(
  files: BookingFile[],
  booking = confirmed,
  more: (call: ApiCall) => Answer | Promise<Answer> | undefined = () => undefined,
) {
  return (call: ApiCall): Answer | Promise<Answer> | undefined => {
    if (call.method === 'GET' && call.path === apiPaths.bookings.booking(booking.id)) {
      return { status: 200, body: detailOf(booking) };
    }
    if (call.method === 'GET' && call.path === apiPaths.bookings.files(booking.id)) {
      return { status: 200, body: { files } };
    }
    return more(call);
  };
}

/** The file an upload sent in its `file` part. */
function sentFile(call: ApiCall): File {
  const file = call.form?.get('file');
  if (!(file instanceof File)) throw new Error(`no file part in ${call.method} ${call.path}`);
  return file;
}

const panel = () => page.getByRole('region', { name: texts.heading });
const picker = () => page.getByLabelText(texts.attach);

function pdf(name: string, size = 64): File {
  const bytes = new Uint8Array(size);
  bytes.set(new TextEncoder().encode('%PDF-1.4\n'));
  return new File([bytes], name, { type: 'application/pdf' });
}

describe("the booking's Documents", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('lists each document to download, with its size, who attached it and when; Delete only for your own', async () => {
    stubApi(bookingWith([ownFile, firmFile]));
    renderPage();
    await expect.element(panel()).toBeVisible();
    await expect.element(panel().getByText(texts.intro(maxFilesPerBooking, 10))).toBeVisible();
    const own = panel().getByRole('link', { name: 'brief.pdf' });
    await expect.element(own).toHaveAttribute('href', '/api/bookings/7/files/11');
    await expect.element(own).toHaveAttribute('download');
    await expect
      .element(panel().getByRole('link', { name: 'Proposal – v2.docx' }))
      .toHaveAttribute('href', '/api/bookings/7/files/12');
    const rows = panel().getByTestId('booking-file');
    const zone = confirmed.time_zone;
    await expect.element(rows.nth(0)).toHaveTextContent(`24 KB · You · ${moment(ownFile.created_at, zone)}`);
    await expect
      .element(rows.nth(1))
      .toHaveTextContent(`1.5 MB · Maya Thompson (the firm) · ${moment(firmFile.created_at, zone)}`);
    await expect.element(page.getByRole('button', { name: texts.deleteLabel('brief.pdf') })).toBeVisible();
    expect(
      page.getByRole('button', { name: texts.deleteLabel('Proposal – v2.docx') }).elements(),
    ).toHaveLength(0);
  });

  it('attaches a chosen file, says so and lists it; the file travels as multipart in the `file` part', async () => {
    const added: BookingFile = { ...ownFile, id: 13, name: 'scope.pdf', size: 64 };
    let release: () => void = () => {};
    const files = [ownFile];
    const calls = stubApi((call) =>
      call.method === 'POST' && call.path === apiPaths.bookings.files(7)
        ? new Promise<Answer>((resolve) => {
            release = () => {
              files.push(added);
              resolve({ status: 201, body: { file: added } });
            };
          })
        : bookingWith(files)(call),
    );
    renderPage();
    await expect.element(panel().getByText(texts.attachHint)).toBeVisible();
    await picker().upload(pdf('scope.pdf'));
    // While it travels: said, and the picker waits.
    await expect.element(panel().getByText(texts.uploading('scope.pdf'))).toBeVisible();
    await expect.element(picker()).toBeDisabled();
    release();
    await expect.element(panel().getByText(texts.uploaded('scope.pdf'))).toBeVisible();
    await expect.element(panel().getByRole('link', { name: 'scope.pdf' })).toBeVisible();
    await expect.element(picker()).toBeEnabled();
    const post = calls.find((call) => call.method === 'POST');
    if (!post) throw new Error('nothing was sent');
    expect(sentFile(post).name).toBe('scope.pdf');
    // The browser writes the multipart type with its boundary; the client never sets it to JSON.
    expect(post?.headers.get('Content-Type')).toBeNull();
  });

  it("shows the server's refusal, and sends nothing bigger than MAX_UPLOAD_MB", async () => {
    const calls = stubApi(
      bookingWith([], confirmed, (call) =>
        call.method === 'POST' ? { status: 415, body: { message: texts.typeRefused } } : undefined,
      ),
      maxUpload(1),
    );
    renderPage();
    await expect.element(panel().getByText(texts.none)).toBeVisible();
    await expect.element(panel().getByText(texts.intro(maxFilesPerBooking, 1))).toBeVisible();
    await picker().upload(pdf('program.pdf'));
    await expect.element(panel().getByRole('alert')).toHaveTextContent(texts.typeRefused);
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);

    await picker().upload(pdf('huge.pdf', 1024 * 1024 + 1));
    await expect.element(panel().getByRole('alert')).toHaveTextContent(texts.fileTooLarge('huge.pdf', 1));
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
    await expect.element(panel().getByText(texts.none)).toBeVisible();
  });

  it('deletes your own document', async () => {
    let files = [ownFile, firmFile];
    const calls = stubApi((call) => {
      if (call.method === 'DELETE' && call.path === apiPaths.bookings.file(7, 11)) {
        files = [firmFile];
        return { status: 204, body: null };
      }
      return bookingWith(files)(call);
    });
    renderPage();
    await page.getByRole('button', { name: texts.deleteLabel('brief.pdf') }).click();
    await expect.element(panel().getByText(texts.deleted('brief.pdf'))).toBeVisible();
    await expect.element(panel().getByRole('link', { name: 'brief.pdf' })).not.toBeInTheDocument();
    await expect.element(panel().getByRole('link', { name: 'Proposal – v2.docx' })).toBeVisible();
    expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(1);
  });

  it('offers no upload on a cancelled booking or a full one, and says why', async () => {
    stubApi(bookingWith([ownFile], bookingFixture({ id: 7, status: 'cancelled' })));
    renderPage();
    await expect.element(panel().getByText(texts.cancelledNote)).toBeVisible();
    expect(panel().getByLabelText(texts.attach).elements()).toHaveLength(0);
    vi.unstubAllGlobals();

    const full = Array.from({ length: maxFilesPerBooking }, (_, index) => ({
      ...firmFile,
      id: 100 + index,
      name: `part-${index}.pdf`,
    }));
    stubApi(bookingWith(full, bookingFixture({ id: 8, status: 'completed' })));
    renderPage(8);
    await expect.element(page.getByText(texts.limitReached(maxFilesPerBooking))).toBeVisible();
    expect(page.getByLabelText(texts.attach).elements()).toHaveLength(0);
  });

  it('says when the list could not be loaded, and loads it again', async () => {
    let failing = true;
    stubApi((call) =>
      failing && call.path === apiPaths.bookings.files(7)
        ? { status: 500, body: { message: 'Something went wrong. Please try again later.' } }
        : bookingWith([ownFile])(call),
    );
    renderPage();
    await expect.element(panel().getByText(texts.loadFailed)).toBeVisible();
    failing = false;
    await panel().getByRole('button', { name: texts.loadAgain }).click();
    await expect.element(panel().getByRole('link', { name: 'brief.pdf' })).toBeVisible();
  });
});

describe('documents chosen in the wizard', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  /** The wizard up to Confirm, with these documents chosen on step 2. */
  async function bookWith(files: File[]) {
    const [day = ''] = nextWeekdays(1);
    await toDetails(day);
    await description().fill(longEnough);
    await page.getByLabelText(texts.wizardLabel).upload(files);
    await reviewButton().click();
    await page.getByRole('button', { name: 'Confirm Booking' }).click();
  }

  const booked = (call: ApiCall): Answer | undefined =>
    call.method === 'POST' && call.path === apiPaths.bookings.create
      ? { status: 201, body: { booking: bookingFixture({ id: 5 }) } }
      : undefined;

  it('are checked on step 2, then attached one by one once the booking is made', async () => {
    const calls = stubBookingApi((call) => {
      if (call.method === 'POST' && call.path === apiPaths.bookings.files(5)) {
        const file = sentFile(call);
        return { status: 201, body: { file: { ...ownFile, name: file.name } } };
      }
      if (call.path === apiPaths.bookings.myBookings) {
        return { status: 200, body: { bookings: [], nextCursor: null, change_notice_hours: 24 } };
      }
      return booked(call) ?? serviceAndAvailability(call);
    });
    const router = renderWizardAt('/book/1');
    const [day = ''] = nextWeekdays(1);
    await toDetails(day);
    await description().fill(longEnough);
    const chooser = page.getByLabelText(texts.wizardLabel);
    await expect.element(chooser).toHaveAccessibleDescription(texts.wizardHint(maxWizardAttachments, 10));
    // An empty one is refused on the spot; the others wait for the booking.
    await chooser.upload([pdf('brief.pdf'), new File([], 'empty.txt'), pdf('diagram.pdf')]);
    await expect.element(page.getByRole('alert')).toHaveTextContent(texts.fileEmpty('empty.txt'));
    await expect.element(page.getByText(texts.wizardChosen(2))).toBeVisible();
    await page.getByRole('button', { name: texts.wizardRemove('diagram.pdf') }).click();
    await expect.element(page.getByText(texts.wizardChosen(1))).toBeVisible();
    await chooser.upload(pdf('diagram.pdf'));
    await expect
      .poll(() => page.getByTestId('chosen-documents').getByRole('listitem').elements().length)
      .toBe(2);
    expect(calls.filter((call) => call.path.includes('/files'))).toHaveLength(0);

    await reviewButton().click();
    // The Review step lists what will be attached.
    await expect.element(page.getByText('brief.pdf, diagram.pdf', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Confirm Booking' }).click();
    await expect
      .element(page.getByRole('status').filter({ hasText: bookingMessages.requestSentTitle }))
      .toBeVisible();
    expect(router.state.location.pathname).toBe('/my-bookings');
    const uploads = calls.filter(
      (call) => call.method === 'POST' && call.path === apiPaths.bookings.files(5),
    );
    expect(uploads.map((call) => sentFile(call).name)).toEqual(['brief.pdf', 'diagram.pdf']);
    // After the booking, never before.
    const order = calls.filter((call) => call.method === 'POST').map((call) => call.path);
    expect(order).toEqual([apiPaths.bookings.create, apiPaths.bookings.files(5), apiPaths.bookings.files(5)]);
  });

  it("says which could not be attached and why, and opens the booking's page; the booking stands", async () => {
    stubBookingApi((call) => {
      if (call.method === 'POST' && call.path === apiPaths.bookings.files(5)) {
        const file = sentFile(call);
        return file.name === 'program.pdf'
          ? { status: 415, body: { message: texts.typeRefused } }
          : { status: 201, body: { file: { ...ownFile, name: file.name } } };
      }
      return booked(call) ?? serviceAndAvailability(call);
    });
    const router = renderWizardAt('/book/1');
    await bookWith([pdf('brief.pdf'), pdf('program.pdf')]);
    const notice = page.getByRole('alert').filter({ hasText: texts.wizardFailedTitle });
    await expect.element(notice).toHaveTextContent(texts.wizardFailed(['program.pdf'], texts.typeRefused));
    await expect
      .element(page.getByRole('status').filter({ hasText: bookingMessages.requestSentTitle }))
      .toBeVisible();
    await expect.poll(() => router.state.location.pathname).toBe('/booking/5');
  });

  it(`takes at most ${maxWizardAttachments} documents`, async () => {
    stubBookingApi(serviceAndAvailability);
    renderWizardAt('/book/1');
    const [day = ''] = nextWeekdays(1);
    await toDetails(day);
    const chooser = page.getByLabelText(texts.wizardLabel);
    await chooser.upload(Array.from({ length: 6 }, (_, index) => pdf(`part-${index}.pdf`)));
    await expect
      .element(page.getByRole('alert'))
      .toHaveTextContent(texts.wizardTooMany(maxWizardAttachments));
    await expect
      .poll(() => page.getByTestId('chosen-documents').getByRole('listitem').elements().length)
      .toBe(maxWizardAttachments);
    await expect.element(chooser).toBeDisabled();
  });
});
