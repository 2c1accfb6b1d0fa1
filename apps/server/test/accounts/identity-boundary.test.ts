// What reaches better-auth and what comes back from it (docs/decisions/096): JSON bodies only, the endpoints the
// portal uses and no others, the one text rule on its fields, our rules inside its hooks (the lock, common
// passwords), and no session token for page scripts.
import { describe, expect, it } from 'vitest';
import { commonPasswordCount, isCommonPassword } from '../../src/lib/auth/common-passwords.ts';

describe('common passwords', () => {
  it('come from a list of the 10,000 most common passwords, matched case-insensitively', () => {
    // 10,000 entries; a few differ only in case.
    expect(commonPasswordCount).toBeGreaterThan(9_900);
    for (const password of ['123456', 'password', 'qwerty', 'Trustno1', 'ZAQ12WSX', 'michelle', 'jordan23']) {
      expect(isCommonPassword(password), password).toBe(true);
    }
    expect(isCommonPassword('liskov-substitution')).toBe(false);
  });
});
