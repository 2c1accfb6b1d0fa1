import '../../index.css';
import { type AdminContactMessage, apiPaths, contactMessages } from '@portal/domain';
import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { page } from 'vitest/browser';
import { AdminMessagesRoute } from '../../app/routes/admin';
import { renderRouter } from '../../testing/render-router';
import { stubApi } from '../../testing/stub-api';

const message = (overrides: Partial<AdminContactMessage>): AdminContactMessage => ({
  id: 1,
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  subject: 'A data platform',
  message: 'First line.\nSecond line.',
  service_id: 2,
  service_name: 'Database Architecture',
  answered: false,
  answered_at: null,
  created_at: '2030-01-08T18:00:00.000Z',
  ...overrides,
});

describe('admin messages', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('lists the messages with a reply link, their service and state, and marks one answered', async () => {
    const stored = [
      message({ id: 2, subject: 'Urgent & new', name: 'Alan Turing', email: 'alan@example.com' }),
      message({
        id: 1,
        service_id: null,
        service_name: null,
        answered: true,
        answered_at: '2030-01-09T18:00:00Z',
      }),
    ];
    const calls = stubApi((call) => {
      if (call.method === 'GET' && call.path === apiPaths.contact.adminMessages) {
        return { status: 200, body: { messages: stored, nextCursor: null } };
      }
      if (call.method === 'PUT' && call.path === apiPaths.contact.adminMessage(2)) {
        const answered = (call.body as { answered: boolean }).answered;
        return {
          status: 200,
          body: { contactMessage: { ...stored[0], answered, answered_at: '2030-01-10T18:00:00.000Z' } },
        };
      }
      return undefined;
    });
    renderRouter(
      createMemoryRouter([{ path: '/admin/messages', element: <AdminMessagesRoute /> }], {
        initialEntries: ['/admin/messages'],
      }),
    );
    await expect.element(page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
    const fresh = page.getByRole('listitem', { name: 'Urgent & new' });
    const old = page.getByRole('listitem', { name: 'A data platform' });
    await expect
      .element(fresh.getByRole('link', { name: 'alan@example.com' }))
      .toHaveAttribute('href', 'mailto:alan@example.com?subject=Re%3A%20Urgent%20%26%20new');
    await expect.element(fresh.getByText('Service: Database Architecture')).toBeVisible();
    await expect.element(fresh.getByText('Not answered')).toBeVisible();
    await expect.element(old.getByText(`Service: ${contactMessages.noService}`)).toBeVisible();
    await expect.element(old.getByText('Answered', { exact: true })).toBeVisible();

    await fresh.getByRole('button', { name: 'Mark Answered' }).click();
    await expect.element(page.getByText(contactMessages.markedAnswered)).toBeVisible();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ answered: true });
    await expect.element(fresh.getByText('Answered', { exact: true })).toBeVisible();
    await expect.element(fresh.getByRole('button', { name: 'Mark Not Answered' })).toBeVisible();
  });
});
