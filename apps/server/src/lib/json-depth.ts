// JSON bodies are measured before anything parses or walks them: a body nested thousands of levels deep is small,
// yet every recursive walk of it (a merge, a validator, a copy) overflows the stack.

/** No request of ours nests deeper than a handful of levels; this leaves room and stops the pathological. */
export const maxJsonDepth = 32;

/** Whether `text`, read as JSON, opens more than `max` objects or arrays inside one another. One pass, no parsing. */
export function isJsonTooDeep(text: string, max = maxJsonDepth): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === 0x5c)
        index++; // a backslash escapes the next character
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) inString = true;
    else if (code === 0x7b || code === 0x5b) {
      if (++depth > max) return true;
    } else if (code === 0x7d || code === 0x5d) depth--;
  }
  return false;
}
