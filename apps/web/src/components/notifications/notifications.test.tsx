import '../../index.css';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { page } from 'vitest/browser';
import { renderHook } from 'vitest-browser-react';
import {
  NOTIFICATION_DURATION_MS,
  type NotificationInput,
  type NotificationType,
} from './notifications-context';
import { NotificationsProvider } from './notifications-provider';
import { useNotify } from './use-notify';

async function renderNotifications() {
  const hook = await renderHook(() => useNotify(), { wrapper: NotificationsProvider });
  return {
    notify: (input: NotificationInput) =>
      hook.act(() => {
        hook.result.current.notify(input);
      }),
    /** Lets React apply whatever the timers just did before we look. */
    settle: () => hook.act(async () => {}),
  };
}

const region = () => page.getByRole('region', { name: 'Notifications' });
const roleOf = (type: NotificationType) => (type === 'error' ? 'alert' : 'status');
const notificationOf = (type: NotificationType, title: string) =>
  region().getByRole(roleOf(type)).filter({ hasText: title });

describe('notifications', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('stacks notifications at the top right below the 64px header, oldest first, each at most 400px wide', async () => {
    await page.viewport(1280, 800);
    const { notify } = await renderNotifications();
    await notify({ type: 'info', title: 'First', message: 'The first notification.' });
    await notify({ type: 'success', title: 'Second', message: 'A much longer message. '.repeat(20) });
    await notify({ type: 'warning', title: 'Third', message: 'The third notification.' });

    const items = region().getByRole('status').elements();
    expect(items.map((item) => item.querySelector('p')?.textContent)).toEqual(['First', 'Second', 'Third']);
    const boxes = items.map((item) => item.getBoundingClientRect());
    const [first, second, third] = boxes;
    if (!first || !second || !third) throw new Error('expected three notifications');
    expect(first.top).toBeGreaterThanOrEqual(64);
    expect(first.top).toBeLessThanOrEqual(96);
    expect(first.bottom).toBeLessThanOrEqual(second.top);
    expect(second.bottom).toBeLessThanOrEqual(third.top);
    for (const box of boxes) {
      expect(box.width).toBeLessThanOrEqual(400);
      expect(box.width).toBeGreaterThan(300);
      expect(window.innerWidth - box.right).toBeLessThanOrEqual(32);
    }
    const style = getComputedStyle(region().element());
    expect(style.position).toBe('fixed');
    expect(style.maxWidth).toBe('400px');
  });

  it('renders each type with its own role, colour and icon, a title, a message and a dismiss button', async () => {
    const { notify } = await renderNotifications();
    const types = ['info', 'success', 'error', 'warning'] as const;
    const backgrounds = new Set<string>();
    for (const type of types) {
      await notify({ type, title: `Title ${type}`, message: `Message ${type}` });
      const notification = notificationOf(type, `Title ${type}`);
      await expect.element(notification).toBeVisible();
      await expect.element(notification).toHaveTextContent(`Message ${type}`);
      await expect.element(notification.getByRole('button', { name: 'Dismiss notification' })).toBeVisible();
      const element = notification.element();
      expect(element.querySelector('svg')).not.toBeNull();
      backgrounds.add(getComputedStyle(element).backgroundColor);
    }
    expect(backgrounds.size).toBe(types.length);
    expect(region().getByRole('alert').elements()).toHaveLength(1);
    expect(region().getByRole('status').elements()).toHaveLength(3);
  });

  it.each(['success', 'info', 'warning'] as const)(
    'closes a %s notification after 5000 ms and not before',
    async (type) => {
      expect(NOTIFICATION_DURATION_MS).toBe(5000);
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      const { notify, settle } = await renderNotifications();
      await notify({ type, title: 'Saved', message: 'All done.' });
      const notification = notificationOf(type, 'Saved');
      await expect.element(notification).toBeVisible();

      vi.advanceTimersByTime(4999);
      await settle();
      expect(notification.query()).not.toBeNull();

      vi.advanceTimersByTime(1);
      await settle();
      expect(notification.query()).toBeNull();
    },
  );

  it('keeps an error notification until its dismiss button is clicked', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { notify, settle } = await renderNotifications();
    await notify({ type: 'error', title: 'Error', message: 'Failed to load service details' });
    const notification = notificationOf('error', 'Failed to load service details');
    await expect.element(notification).toBeVisible();

    vi.advanceTimersByTime(10 * 60_000);
    await settle();
    expect(notification.query()).not.toBeNull();

    vi.useRealTimers();
    await notification.getByRole('button', { name: 'Dismiss notification' }).click();
    await expect.element(notification).not.toBeInTheDocument();
  });

  it('dismisses only the notification whose button is clicked', async () => {
    const { notify } = await renderNotifications();
    await notify({ type: 'error', title: 'One', message: 'First error' });
    await notify({ type: 'error', title: 'Two', message: 'Second error' });
    await notificationOf('error', 'One').getByRole('button', { name: 'Dismiss notification' }).click();
    await expect.element(notificationOf('error', 'One')).not.toBeInTheDocument();
    await expect.element(notificationOf('error', 'Two')).toBeVisible();
  });

  it('stays inside a 375px screen', async () => {
    await page.viewport(375, 667);
    const { notify } = await renderNotifications();
    await notify({ type: 'error', title: 'Error', message: 'A long message without breaks '.repeat(10) });
    const box = notificationOf('error', 'Error').element().getBoundingClientRect();
    expect(box.left).toBeGreaterThanOrEqual(0);
    expect(box.right).toBeLessThanOrEqual(375);
    expect(box.top).toBeGreaterThanOrEqual(64);
    expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(375);
  });

  it('replaces an error with the success that follows it from the same source, and keeps the others', async () => {
    const { notify } = await renderNotifications();
    await notify({
      type: 'error',
      title: 'Update Failed',
      message: 'Failed to update booking',
      source: 'booking-1',
    });
    await notify({ type: 'error', title: 'Other Failure', message: 'Another booking', source: 'booking-2' });
    await notify({ type: 'error', title: 'Unrelated', message: 'No source' });
    await notify({ type: 'success', title: 'Booking Updated', message: 'Done', source: 'booking-1' });
    await expect.element(notificationOf('success', 'Booking Updated')).toBeVisible();
    expect(notificationOf('error', 'Update Failed').query()).toBeNull();
    await expect.element(notificationOf('error', 'Other Failure')).toBeVisible();
    await expect.element(notificationOf('error', 'Unrelated')).toBeVisible();
  });

  it("runs a notification's action once when its button is clicked and closes the notification", async () => {
    const onClick = vi.fn();
    const { notify } = await renderNotifications();
    await notify({ type: 'success', title: 'Saved', message: 'Done', action: { label: 'Undo', onClick } });
    await notificationOf('success', 'Saved').getByRole('button', { name: 'Undo' }).click();
    expect(onClick).toHaveBeenCalledTimes(1);
    await expect.element(notificationOf('success', 'Saved')).not.toBeInTheDocument();
  });
});
