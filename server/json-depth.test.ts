// The linear depth scans run before any JSON or XML description is parsed.
import { describe, expect, it } from 'vitest';
import { xmlTooDeep } from './features/uploads/xml-elements.js';
import { jsonTooDeep } from './json-depth.js';

describe('jsonTooDeep', () => {
  it('counts arrays and objects, not brackets inside strings or escaped quotes', () => {
    expect(jsonTooDeep('[[[]]]', 3)).toBe(false);
    expect(jsonTooDeep('[[[[]]]]', 3)).toBe(true);
    expect(jsonTooDeep('{"a":{"b":[1]}}', 3)).toBe(false);
    expect(jsonTooDeep('{"a":{"b":{"c":[1]}}}', 3)).toBe(true);
    expect(jsonTooDeep(`{"a":"${'['.repeat(100)}\\"${'{'.repeat(100)}"}`, 2)).toBe(false);
    expect(jsonTooDeep('[[],[],[[]]]', 3)).toBe(false);
  });

  it('scans 2 million brackets without recursion', () => {
    expect(jsonTooDeep('['.repeat(2e6) + ']'.repeat(2e6), 64)).toBe(true);
  });
});

describe('xmlTooDeep', () => {
  it('counts open elements, not closed, self-closing, comments, CDATA, PIs or the DOCTYPE', () => {
    const manifest = `<?xml version="1.0"?>
      <!DOCTYPE m [ <!ENTITY e "<a><b>"> ]>
      <manifest a="x>y" b='<c>'><!-- <a><b><c> --><item><file href="a.html"/>
      <![CDATA[<a><b><c>]]></item></manifest>`;
    expect(xmlTooDeep(manifest, 2)).toBe(false);
    expect(xmlTooDeep('<a><b><c/></b></a>', 2)).toBe(false);
    expect(xmlTooDeep('<a><b><c></c></b></a>', 2)).toBe(true);
    expect(xmlTooDeep(`${'<a>'.repeat(7e5)}${'</a>'.repeat(7e5)}`, 100)).toBe(true);
  });

  it('leaves malformed text to the parser', () => {
    expect(xmlTooDeep('<a><b', 1)).toBe(false);
    expect(xmlTooDeep('<!-- never closed <a><b><c>', 1)).toBe(false);
  });
});
