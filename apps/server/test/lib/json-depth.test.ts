import { describe, expect, it } from 'vitest';
import { isJsonTooDeep } from '../../src/lib/json-depth.ts';

describe('isJsonTooDeep', () => {
  it('counts objects and arrays opened inside one another', () => {
    expect(isJsonTooDeep('[[[1]]]', 3)).toBe(false);
    expect(isJsonTooDeep('[[[[1]]]]', 3)).toBe(true);
    expect(isJsonTooDeep('{"a":{"b":[1]}}', 3)).toBe(false);
    expect(isJsonTooDeep('{"a":{"b":[{}]}}', 3)).toBe(true);
  });

  it('counts siblings once, not as depth', () => {
    expect(isJsonTooDeep(`[${'[],'.repeat(1000)}[]]`, 2)).toBe(false);
  });

  it('ignores brackets inside strings, escaped quotes included', () => {
    expect(isJsonTooDeep(`{"a":"${'[{'.repeat(100)}"}`, 2)).toBe(false);
    expect(isJsonTooDeep(`{"a":"\\"${'['.repeat(100)}"}`, 2)).toBe(false);
    expect(isJsonTooDeep(`{"a":"\\\\", "b":${'['.repeat(5)}${']'.repeat(5)}}`, 3)).toBe(true);
  });
});
