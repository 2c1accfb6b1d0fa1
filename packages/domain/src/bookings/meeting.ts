// Where a consultation happens: its own video room, made from the firm's template and a random token when booked.

/** Jitsi Meet's public service: a room exists as soon as someone opens its URL. */
export const defaultMeetingUrlTemplate = 'https://meet.jit.si/{room}';

/** An https:// URL with a `{room}` place for the booking's token. */
export function isMeetingUrlTemplate(template: string): boolean {
  if (!template.includes('{room}')) return false;
  try {
    return new URL(template.replaceAll('{room}', 'room')).protocol === 'https:';
  } catch {
    return false;
  }
}

/** The room's URL: the template with its token (hex, so it needs no escaping in a path or a query). */
export function meetingUrl(template: string, room: string): string {
  return template.replaceAll('{room}', room);
}
