// A service's intake questions (docs/product.md#intake-questions): the firm sets them (administrators only), the
// catalogue shows them, a booking's answers are checked by the server against them, and the booking keeps the
// questions as they were asked with their answers, which no later edit of the questions changes or loses.
import {
  accountMessages,
  apiPaths,
  type Booking,
  type BookingDetailResponse,
  bookingMessages,
  type IntakeQuestion,
  messages,
  questionLimits,
  questionMessages,
  type Service,
  type ServiceChangesResponse,
  type StoredBriefEntry,
} from '@portal/domain';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, services } from '../../src/db/schema.ts';
import { signedInAdmin } from '../admin/fixtures.ts';
import { businessTime, type Client, dayAllocator, postBooking, signedInClient } from '../bookings/clients.ts';
import { addConsultant, addService } from '../consultants/fixtures.ts';
import { api, appUrl, type Caller } from '../helpers/accounts.ts';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.ts';

let testApp: TestApp;
let admin: Client;
let owner: Client;
let stranger: Client;
/** The accounts of two consultants: Mia delivers the service, Otto does not. */
let mine: Client;
let other: Client;
let serviceId: number;
const nextDay = dayAllocator(4);

const stack: IntakeQuestion = {
  id: 'stack',
  label: 'Which stack do you use?',
  type: 'choice',
  options: ['React', 'Vue', 'Svelte'],
  required: true,
};
const goals: IntakeQuestion = {
  id: 'goals',
  label: 'What should the review achieve?',
  type: 'long_text',
  required: false,
};
const areas: IntakeQuestion = {
  id: 'areas',
  label: 'Which areas should we look at?',
  type: 'multi_choice',
  options: ['Security', 'Performance', 'Cost'],
  required: false,
};
const live: IntakeQuestion = { id: 'live', label: 'Is it live already?', type: 'yes_no', required: true };
const team: IntakeQuestion = {
  id: 'team_size',
  label: 'How large is your team?',
  type: 'text',
  required: false,
};
const questions = [stack, goals, areas, live, team];

beforeAll(async () => {
  testApp = await buildTestApp({
    env: {
      MAX_PENDING_BOOKINGS_PER_CLIENT: '1000',
      MAX_PENDING_BOOKINGS_PER_ADDRESS: '1000',
      WRITE_RATE_LIMIT_PER_MINUTE: '10000',
    },
  });
  admin = await signedInAdmin(testApp, 'office@questions.test');
  owner = await signedInClient(testApp, 'olive@questions.test', { firstName: 'Olive', lastName: 'Owner' });
  stranger = await signedInClient(testApp, 'stranger@questions.test');
  mine = await signedInClient(testApp, 'mia@questions.test', { firstName: 'Mia', lastName: 'Mine' });
  other = await signedInClient(testApp, 'otto@questions.test', { firstName: 'Otto', lastName: 'Other' });
  const mia = await addConsultant(testApp.app, admin, { name: 'Mia Mine', email: mine.email });
  await addConsultant(testApp.app, admin, { name: 'Otto Other', email: other.email, serviceIds: [1] });
  ({ id: serviceId } = await addService(testApp.app, admin, {
    name: 'Architecture Review',
    consultantIds: [mia.id],
  }));
});
afterAll(async () => {
  await testApp?.close();
});

function putQuestions(
  body: unknown,
  caller: Caller = { cookie: admin.cookie },
  id: number | string = serviceId,
) {
  return api(testApp.app, 'PUT', apiPaths.catalogue.adminServiceQuestions(id), caller, body as object);
}

async function setQuestions(list: IntakeQuestion[]): Promise<IntakeQuestion[]> {
  const response = await putQuestions({ questions: list });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ questions: IntakeQuestion[] }>().questions;
}

async function publicService(id = serviceId): Promise<Service> {
  const response = await api(testApp.app, 'GET', apiPaths.catalogue.service(id));
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ service: Service }>().service;
}

/** A free slot of Mia's: the same one until a booking takes it (refused ones take nothing). */
let freeSlot: string | undefined;
function slot(): string {
  freeSlot ??= businessTime(nextDay(), '10:00');
  return freeSlot;
}

async function book(answers: unknown, extra: Record<string, unknown> = {}, key?: string) {
  const response = await postBooking(
    testApp.app,
    owner,
    {
      serviceId,
      projectDescription: 'Please review the architecture of our order pipeline.',
      startsAt: slot(),
      ...(answers === undefined ? {} : { answers }),
      ...extra,
    },
    key,
  );
  if (response.statusCode === 201 && extra.startsAt === undefined) freeSlot = undefined;
  return response;
}

async function booked(answers: unknown): Promise<Booking> {
  const response = await book(answers);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ booking: Booking }>().booking;
}

async function bookingCount(): Promise<number> {
  const [row] = await testApp.app.db.select({ count: count() }).from(bookings);
  return Number(row?.count ?? 0);
}

async function storedBrief(bookingId: number): Promise<StoredBriefEntry[]> {
  const [row] = await testApp.app.db
    .select({ brief: bookings.brief })
    .from(bookings)
    .where(eq(bookings.id, bookingId));
  return row?.brief ?? [];
}

function detail(bookingId: number, caller: Caller) {
  return api(testApp.app, 'GET', apiPaths.bookings.booking(bookingId), caller);
}

const fullAnswers = {
  stack: 'Vue',
  goals: '  Faster builds\r\nand fewer incidents  ',
  areas: ['Cost', 'Security'],
  live: false,
};

describe('PUT /api/admin/services/{id}/questions', () => {
  it('is for administrators: signed out 401, a client 403, a consultant 403; none of them changes anything', async () => {
    await setQuestions([]);
    const body = { questions };
    const signedOut = await putQuestions(body, {});
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json()).toEqual({ message: accountMessages.noActiveSession });
    for (const caller of [owner, mine]) {
      const refused = await putQuestions(body, { cookie: caller.cookie });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ message: accountMessages.adminRequired });
    }
    expect((await publicService()).questions).toEqual([]);
    const saved = await putQuestions(body);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ questions });
  });

  it('answers 404 for a service that does not exist, 400 for an id that is none', async () => {
    const missing = await putQuestions({ questions }, { cookie: admin.cookie }, 99_999);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: messages.serviceNotFound });
    const malformed = await putQuestions({ questions }, { cookie: admin.cookie }, 'abc');
    expect(malformed.statusCode).toBe(400);
  });

  it("shows the questions in the public service, the public list and the admin list, in the firm's order", async () => {
    await setQuestions([live, stack]);
    expect((await publicService()).questions).toEqual([live, stack]);
    const list = await api(testApp.app, 'GET', apiPaths.catalogue.services);
    const listed = list.json<{ services: Service[] }>().services.find((service) => service.id === serviceId);
    expect(listed?.questions).toEqual([live, stack]);
    const adminList = await api(testApp.app, 'GET', apiPaths.catalogue.adminServices, {
      cookie: admin.cookie,
    });
    const inAdmin = adminList
      .json<{ services: Service[] }>()
      .services.find((service) => service.id === serviceId);
    expect(inAdmin?.questions).toEqual([live, stack]);
    // Another service asks nothing.
    expect((await publicService(1)).questions).toEqual([]);
  });

  it('trims the wording and the options, and records the change in the history (an unchanged save records nothing)', async () => {
    await setQuestions([]);
    const saved = await setQuestions([
      { ...stack, label: '  Which stack do you use?  ', options: [' React', 'Vue ', 'Svelte'] },
    ]);
    expect(saved).toEqual([stack]);
    await setQuestions([stack]);
    const history = await api(testApp.app, 'GET', `${apiPaths.catalogue.adminChanges}?limit=2`, {
      cookie: admin.cookie,
    });
    const [latest, before] = history.json<ServiceChangesResponse>().changes;
    expect(latest).toMatchObject({
      actorEmail: admin.email,
      action: 'updated',
      serviceId,
      serviceName: 'Architecture Review',
      fields: [{ field: 'questions', before: [], after: [stack] }],
    });
    // The save before it was the one that emptied the list, not the unchanged one.
    expect(before?.fields).toEqual([{ field: 'questions', before: expect.any(Array), after: [] }]);
  });

  const question = (changes: Record<string, unknown>) => ({ ...stack, ...changes });
  const refusals: [string, unknown, string, string][] = [
    [
      'more than 20 questions',
      Array.from({ length: 21 }, (_, at) => ({ ...live, id: `q${at}` })),
      'questions',
      questionMessages.tooMany,
    ],
    [
      'two questions with one id',
      [live, { ...team, id: 'live' }],
      'questions.1.id',
      questionMessages.idTaken('live'),
    ],
    ['an id with a space', [question({ id: 'the stack' })], 'questions.0.id', questionMessages.idInvalid],
    ['an id too long', [question({ id: 'x'.repeat(41) })], 'questions.0.id', questionMessages.idInvalid],
    ['an empty id', [question({ id: '' })], 'questions.0.id', questionMessages.idInvalid],
    ['an empty wording', [question({ label: '   ' })], 'questions.0.label', questionMessages.labelRequired],
    [
      'no wording',
      [{ id: 'a', type: 'text', required: true }],
      'questions.0.label',
      questionMessages.labelRequired,
    ],
    [
      'a wording too long',
      [question({ label: 'x'.repeat(301) })],
      'questions.0.label',
      'Question must be at most 300 characters',
    ],
    [
      'a line break in the wording',
      [question({ label: 'Which\nstack?' })],
      'questions.0.label',
      'Question must not contain control characters or line breaks',
    ],
    ['an unknown type', [question({ type: 'number' })], 'questions.0.type', questionMessages.typeInvalid],
    [
      'required missing',
      [{ id: 'a', label: 'A?', type: 'text' }],
      'questions.0.required',
      questionMessages.requiredInvalid,
    ],
    [
      'a choice without options',
      [{ id: 'a', label: 'A?', type: 'choice', required: true }],
      'questions.0.options',
      questionMessages.optionsNeeded,
    ],
    [
      'a choice of one option',
      [question({ options: ['React'] })],
      'questions.0.options',
      questionMessages.optionsNeeded,
    ],
    [
      'a multi-choice of 21 options',
      [{ ...areas, options: Array.from({ length: 21 }, (_, at) => `Area ${at}`) }],
      'questions.0.options',
      questionMessages.optionsNeeded,
    ],
    [
      'an option twice',
      [question({ options: ['React', 'Vue', 'React'] })],
      'questions.0.options.2',
      questionMessages.optionTwice('React'),
    ],
    [
      'an empty option',
      [question({ options: ['React', ' '] })],
      'questions.0.options.1',
      questionMessages.optionEmpty,
    ],
    [
      'an option too long',
      [question({ options: ['React', 'x'.repeat(101)] })],
      'questions.0.options.1',
      'Option must be at most 100 characters',
    ],
    [
      'options on a text question',
      [{ ...team, options: ['Small', 'Large'] }],
      'questions.0.options',
      questionMessages.optionsNotAllowed,
    ],
    ['a list that is none', 'stack', 'questions', questionMessages.listInvalid],
    ['a question that is none', ['stack'], 'questions.0', questionMessages.questionInvalid],
  ];

  it.each(refusals)(
    'refuses %s with 400 naming the field, and keeps the questions it had',
    async (_, list, path, msg) => {
      await setQuestions([live]);
      const response = await putQuestions({ questions: list });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().errors).toContainEqual({ path, msg });
      expect((await publicService()).questions).toEqual([live]);
    },
  );

  it('takes 20 questions of 20 options at their longest (about 280 KB escaped), over the default body limit', async () => {
    const longest = Array.from({ length: questionLimits.questions }, (_, at) => ({
      id: `${at}`.padStart(questionLimits.idLength, 'q'),
      label: 'é'.repeat(questionLimits.label),
      type: 'multi_choice',
      options: Array.from({ length: questionLimits.options }, (_, n) =>
        `${n}`.padEnd(questionLimits.option, 'ü'),
      ),
      required: false,
    }));
    const payload = JSON.stringify({ questions: longest }).replace(
      /[^\x20-\x7e]/g,
      (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`,
    );
    expect(payload.length).toBeGreaterThan(250_000);
    const response = await testApp.app.inject({
      method: 'PUT',
      url: apiPaths.catalogue.adminServiceQuestions(serviceId),
      headers: { 'content-type': 'application/json', origin: appUrl, cookie: admin.cookie },
      payload,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().questions).toEqual(longest);
  });
});

describe("a service's record carries its questions", () => {
  it('sent back whole as GET answered it, saves nothing new; with other questions, saves them too', async () => {
    await setQuestions([stack]);
    const { id: _id, icon: _icon, rating: _rating, ...record } = await publicService();
    const same = await api(
      testApp.app,
      'PUT',
      apiPaths.catalogue.adminService(serviceId),
      { cookie: admin.cookie },
      record,
    );
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json().service.questions).toEqual([stack]);
    const changed = await api(
      testApp.app,
      'PUT',
      apiPaths.catalogue.adminService(serviceId),
      { cookie: admin.cookie },
      { ...record, questions: [live] },
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await publicService()).questions).toEqual([live]);
    const { questions: _questions, ...withoutQuestions } = record;
    const left = await api(
      testApp.app,
      'PUT',
      apiPaths.catalogue.adminService(serviceId),
      { cookie: admin.cookie },
      { ...withoutQuestions, hourly_rate: 125 },
    );
    expect(left.statusCode, left.body).toBe(200);
    expect((await publicService()).questions).toEqual([live]);
    const refused = await api(
      testApp.app,
      'PUT',
      apiPaths.catalogue.adminService(serviceId),
      { cookie: admin.cookie },
      { ...record, questions: [{ ...stack, options: [] }] },
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toContainEqual({
      path: 'questions.0.options',
      msg: questionMessages.optionsNeeded,
    });
  });
});

describe('POST /api/bookings with answers', () => {
  beforeAll(async () => {
    await setQuestions(questions);
  });

  it('keeps every question as it was asked with its answer: texts trimmed, choices in their order, none as null', async () => {
    const booking = await booked(fullAnswers);
    expect(booking.brief).toEqual([
      { question: stack.label, answer: 'Vue' },
      { question: goals.label, answer: 'Faster builds\nand fewer incidents' },
      { question: areas.label, answer: ['Security', 'Cost'] },
      { question: live.label, answer: false },
      { question: team.label, answer: null },
    ]);
    // The copy kept is the whole question, as asked.
    expect((await storedBrief(booking.id)).map((entry) => entry.question)).toEqual(questions);
  });

  it('takes an empty text, an empty choice and no options chosen as no answer to an optional question', async () => {
    const booking = await booked({ stack: 'React', live: true, goals: '  ', areas: [], team_size: '' });
    expect(booking.brief.map((entry) => entry.answer)).toEqual(['React', null, null, true, null]);
  });

  it('refuses a booking without a required answer: 400 naming the question, and no booking made', async () => {
    const before = await bookingCount();
    const response = await book({ live: true, goals: 'Faster builds' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: '"Which stack do you use?" needs an answer',
      errors: [{ path: 'answers.stack', msg: questionMessages.needsAnswer(stack) }],
    });
    // Without answers at all: both required ones named.
    const none = await book(undefined);
    expect(none.statusCode).toBe(400);
    expect(none.json().errors).toEqual([
      { path: 'answers.stack', msg: questionMessages.needsAnswer(stack) },
      { path: 'answers.live', msg: questionMessages.needsAnswer(live) },
    ]);
    // An empty text is no answer to a required one either.
    const emptied = await book({ ...fullAnswers, stack: '' });
    expect(emptied.json().errors).toEqual([
      { path: 'answers.stack', msg: questionMessages.needsAnswer(stack) },
    ]);
    expect(await bookingCount()).toBe(before);
  });

  const wrong: [string, Record<string, unknown>, string, string][] = [
    ['a number for a choice', { stack: 3 }, 'answers.stack', questionMessages.choiceExpected(stack)],
    ['a choice not offered', { stack: 'Angular' }, 'answers.stack', questionMessages.choiceExpected(stack)],
    ['a list for a choice', { stack: ['Vue'] }, 'answers.stack', questionMessages.choiceExpected(stack)],
    ['text for yes or no', { live: 'yes' }, 'answers.live', questionMessages.yesNoExpected(live)],
    ['one option for several', { areas: 'Cost' }, 'answers.areas', questionMessages.choicesExpected(areas)],
    [
      'an option not offered',
      { areas: ['Cost', 'Fun'] },
      'answers.areas',
      questionMessages.choicesExpected(areas),
    ],
    ['an option twice', { areas: ['Cost', 'Cost'] }, 'answers.areas', questionMessages.choiceTwice(areas)],
    ['a number for text', { team_size: 12 }, 'answers.team_size', questionMessages.textExpected(team)],
    [
      'a short text too long',
      { team_size: 'x'.repeat(501) },
      'answers.team_size',
      `"${team.label}" must be at most 500 characters`,
    ],
    [
      'a line break in a short text',
      { team_size: 'five\nor six' },
      'answers.team_size',
      `"${team.label}" must not contain control characters or line breaks`,
    ],
    [
      'a long text too long',
      { goals: 'x'.repeat(5001) },
      'answers.goals',
      `"${goals.label}" must be at most 5000 characters`,
    ],
    [
      'an unknown question',
      { budget: 'Large' },
      'answers.budget',
      questionMessages.unknownQuestion('budget'),
    ],
  ];

  it.each(wrong)('refuses %s with 400 naming the question', async (_, change, path, msg) => {
    const before = await bookingCount();
    const response = await book({ ...fullAnswers, ...change });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toEqual({ message: msg, errors: [{ path, msg }] });
    expect(await bookingCount()).toBe(before);
  });

  it('refuses answers that are not an object of answers', async () => {
    for (const answers of [['Vue'], 'Vue', 42, null]) {
      const response = await book(answers);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().errors).toEqual([{ path: 'answers', msg: questionMessages.answersInvalid }]);
    }
  });

  it('counts the answers in the idempotency key: other answers under the same key are refused, the same replayed', async () => {
    const key = `answers-${Date.now()}`;
    const startsAt = businessTime(nextDay(), '11:00');
    const first = await book(fullAnswers, { startsAt }, key);
    expect(first.statusCode, first.body).toBe(201);
    // The same answers respelled (texts untrimmed, keys in another order): the same request.
    const respelled = await book(
      {
        live: false,
        areas: ['Cost', 'Security'],
        goals: ' Faster builds\nand fewer incidents',
        stack: 'Vue',
      },
      { startsAt },
      key,
    );
    expect(respelled.statusCode, respelled.body).toBe(200);
    expect(respelled.headers['idempotent-replayed']).toBe('true');
    const other = await book({ ...fullAnswers, stack: 'React' }, { startsAt }, key);
    expect(other.statusCode).toBe(422);
    expect(other.json().message).toBe(bookingMessages.idempotencyKeyReused);
  });

  it('takes the longest answers a client may rightly send: 20 long texts, every character escaped (over 600 KB)', async () => {
    const longTexts = Array.from({ length: questionLimits.questions }, (_, at) => ({
      id: `${at}`.padStart(questionLimits.idLength, 'q'),
      label: `Question ${at + 1}?`,
      type: 'long_text' as const,
      required: true,
    }));
    const { id: longId } = await addService(testApp.app, admin, {
      name: 'Long Answers',
      consultantIds: [
        (await addConsultant(testApp.app, admin, { name: 'Lee Long', email: 'lee@questions.test' })).id,
      ],
    });
    const response = await putQuestions({ questions: longTexts }, { cookie: admin.cookie }, longId);
    expect(response.statusCode, response.body).toBe(200);
    const answers = Object.fromEntries(
      longTexts.map((question) => [question.id, 'é'.repeat(questionLimits.longTextAnswer)]),
    );
    const payload = JSON.stringify({
      serviceId: longId,
      projectDescription: 'é'.repeat(5000),
      additionalNotes: 'ü'.repeat(2000),
      startsAt: businessTime(nextDay(), '10:00'),
      answers,
    }).replace(/[^\x20-\x7e]/g, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`);
    expect(payload.length).toBeGreaterThan(600_000);
    const made = await testApp.app.inject({
      method: 'POST',
      url: apiPaths.bookings.create,
      headers: { 'content-type': 'application/json', origin: appUrl, cookie: owner.cookie },
      payload,
    });
    expect(made.statusCode, made.body.slice(0, 300)).toBe(201);
    expect(made.json<{ booking: Booking }>().booking.brief).toHaveLength(questionLimits.questions);
  });
});

describe('the brief under edits of the questions', () => {
  it('keeps the words and the answer the client was asked, whatever the firm renames, changes or removes', async () => {
    await setQuestions(questions);
    const booking = await booked(fullAnswers);
    const asBooked = booking.brief;
    // The firm rewords the stack question and drops Vue, removes yes/no, and adds a required one.
    const budget: IntakeQuestion = {
      id: 'budget',
      label: 'What is your budget?',
      type: 'text',
      required: true,
    };
    await setQuestions([
      { ...stack, label: 'Which framework is it built on?', options: ['React', 'Svelte'] },
      goals,
      budget,
    ]);
    const read = await detail(booking.id, { cookie: owner.cookie });
    expect(read.statusCode).toBe(200);
    expect(read.json<BookingDetailResponse>().booking.brief).toEqual(asBooked);
    expect(asBooked[0]).toEqual({ question: 'Which stack do you use?', answer: 'Vue' });
    expect(asBooked[3]).toEqual({ question: 'Is it live already?', answer: false });
    // Emptied: still there.
    await setQuestions([]);
    expect((await detail(booking.id, { cookie: owner.cookie })).json().booking.brief).toEqual(asBooked);
    const listed = await api(testApp.app, 'GET', apiPaths.bookings.myBookings, { cookie: owner.cookie });
    const mineListed = listed
      .json<{ bookings: Booking[] }>()
      .bookings.find((entry) => entry.id === booking.id);
    expect(mineListed?.brief).toEqual(asBooked);
  });

  it('judges a new booking by the questions as they are now: an answer to a removed one is refused', async () => {
    await setQuestions([{ ...stack, label: 'Which framework is it built on?' }]);
    const stale = await book(fullAnswers);
    expect(stale.statusCode).toBe(400);
    expect(stale.json().errors).toEqual([
      { path: 'answers.goals', msg: questionMessages.unknownQuestion('goals') },
      { path: 'answers.areas', msg: questionMessages.unknownQuestion('areas') },
      { path: 'answers.live', msg: questionMessages.unknownQuestion('live') },
    ]);
    const fresh = await booked({ stack: 'Vue' });
    expect(fresh.brief).toEqual([{ question: 'Which framework is it built on?', answer: 'Vue' }]);
  });

  it('keeps a booking made before the service had questions without a brief', async () => {
    await setQuestions([]);
    const plain = await booked(undefined);
    expect(plain.brief).toEqual([]);
    await setQuestions([stack]);
    expect((await detail(plain.id, { cookie: owner.cookie })).json().booking.brief).toEqual([]);
  });
});

describe('who reads a booking’s brief', () => {
  it('the owner, the booking’s consultant and an administrator; another client or consultant 404, signed out 401', async () => {
    await setQuestions(questions);
    const booking = await booked(fullAnswers);
    const expected: [string, Caller, 200 | 401 | 404][] = [
      ['owner', { cookie: owner.cookie }, 200],
      ['another client', { cookie: stranger.cookie }, 404],
      ['the booking’s consultant', { cookie: mine.cookie }, 200],
      ['another consultant', { cookie: other.cookie }, 404],
      ['an administrator', { cookie: admin.cookie }, 200],
      ['anonymous', {}, 401],
    ];
    for (const [who, caller, status] of expected) {
      const response = await detail(booking.id, caller);
      expect(response.statusCode, who).toBe(status);
      if (status === 200)
        expect(response.json<BookingDetailResponse>().booking.brief, who).toEqual(booking.brief);
      if (status === 404) expect(response.json(), who).toEqual({ message: bookingMessages.bookingNotFound });
      if (status === 401) expect(response.json(), who).toEqual({ message: accountMessages.noActiveSession });
    }
    expect(booking.brief).toHaveLength(questions.length);
  });
});

describe('the stored questions', () => {
  it('are what the service row holds, with options only on choice questions', async () => {
    await setQuestions(questions);
    const [row] = await testApp.app.db
      .select({ questions: services.questions })
      .from(services)
      .where(eq(services.id, serviceId));
    expect(row?.questions).toEqual(questions);
    expect(row?.questions.filter((question) => 'options' in question).map((question) => question.id)).toEqual(
      ['stack', 'areas'],
    );
  });
});
