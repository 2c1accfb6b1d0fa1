// Where an account is signed in (docs/product.md#sessions-and-the-account-state): the texts of the Profile's
// Security cards, how often a session's "last seen" moves, and the browser and system read from a user agent.
// No zod here: the rules the web app shows without the schemas.

/** A session's `last_seen_at` moves at most this often: most requests write nothing. */
export const sessionLastSeenEveryMinutes = 5;

export const sessionMessages = {
  heading: 'Where you are signed in',
  lead: 'Every browser and app signed in to your account. End any session you do not recognise.',
  thisDevice: 'This device',
  signedIn: 'Signed in',
  lastSeen: 'Last seen',
  address: 'Address',
  unknownAddress: 'Unknown address',
  end: 'End',
  endAllOthers: 'End all other sessions',
  ending: 'Ending...',
  ended: 'The session has ended.',
  allOthersEnded: 'Every other session has ended.',
  endFailed: 'Failed to end the session',
  loadFailed: 'Failed to load your sessions',
  /** 404: another account's session, or none: the same answer for both. */
  notFound: 'Session not found',
  onlyThisOne: 'You are signed in on this device only.',
} as const;

export const changePasswordMessages = {
  heading: 'Change Password',
  lead: 'Changing your password signs you out everywhere else.',
  currentPassword: 'Current Password',
  newPassword: 'New Password',
  confirmPassword: 'Confirm New Password',
  submit: 'Change Password',
  busy: 'Changing...',
  changed: 'Your password has been changed. Every other session has ended.',
  failed: 'Failed to change password',
} as const;

export interface UserAgentSummary {
  /** The browser (or the client's own name), e.g. 'Firefox 128'. */
  browser: string;
  /** The operating system, e.g. 'Windows'. */
  system: string;
}

export const unknownBrowser = 'Unknown browser';
export const unknownSystem = 'Unknown system';

/** Most specific first: Edge and Opera also say Chrome, Chrome also says Safari. */
const browsers: readonly [name: string, pattern: RegExp][] = [
  ['Edge', /\bEdg(?:e|A|iOS)?\/(\d+)/],
  ['Opera', /\b(?:OPR|Opera)\/(\d+)/],
  ['Samsung Internet', /\bSamsungBrowser\/(\d+)/],
  ['Firefox', /\b(?:Firefox|FxiOS)\/(\d+)/],
  ['Chrome', /\b(?:Chrome|CriOS|Chromium)\/(\d+)/],
  ['Safari', /\bVersion\/(\d+)[.\d]*(?: Mobile\/\S+)? Safari\//],
];

const systems: readonly [name: string, pattern: RegExp][] = [
  ['iOS', /\b(?:iPhone|iPad|iPod)\b/],
  ['Android', /\bAndroid\b/],
  ['ChromeOS', /\bCrOS\b/],
  ['Windows', /\bWindows\b/],
  ['macOS', /\bMac OS X\b|\bMacintosh\b/],
  ['Linux', /\bLinux\b/],
];

/**
 * The browser and system a user agent names, for the common ones; anything else (an API client such as curl) by
 * its first product name, or as unknown.
 */
export function describeUserAgent(userAgent: string | null | undefined): UserAgentSummary {
  const agent = (userAgent ?? '').slice(0, 512);
  let browser = unknownBrowser;
  for (const [name, pattern] of browsers) {
    const version = pattern.exec(agent)?.[1];
    if (version !== undefined) {
      browser = `${name} ${version}`;
      break;
    }
  }
  if (browser === unknownBrowser && !/^Mozilla\//.test(agent)) {
    const product = /^([A-Za-z][\w.-]{0,39})(?:\/|\s|$)/.exec(agent)?.[1];
    if (product) browser = product;
  }
  const system = systems.find(([, pattern]) => pattern.test(agent))?.[0] ?? unknownSystem;
  return { browser, system };
}
