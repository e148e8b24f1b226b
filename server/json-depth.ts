// The nesting depth of a JSON text, found by one linear scan of its characters before anything
// recursive (JSON.parse, a schema, JSON.stringify) sees it: a body of 50,000 nested arrays would
// otherwise overflow the stack on its way out, and 2 million nested brackets cost hundreds of MB
// to parse. Brackets inside strings do not count; the text need not be valid JSON (the parser
// refuses it afterwards).

import { JSON_MAX_DEPTH } from '../common/constants.js';

/** True when the text opens more than `maxDepth` arrays or objects inside each other. */
export function jsonTooDeep(text: string, maxDepth = JSON_MAX_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === 0x5c)
        i++; // backslash: the next character is escaped
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) {
      inString = true;
    } else if (code === 0x5b || code === 0x7b) {
      if (++depth > maxDepth) return true;
    } else if (code === 0x5d || code === 0x7d) {
      depth--;
    }
  }
  return false;
}
