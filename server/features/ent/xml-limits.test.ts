// The linear pass that bounds an outside XML document before any parser or signature code.
import { describe, expect, it } from 'vitest';
import { checkXmlLimits, XmlLimitError } from './xml-limits.js';

const limits = { maxChars: 1000, maxElements: 10, maxAttributes: 6, maxDepth: 3 };
const refusal = (xml: string) => {
  try {
    checkXmlLimits(xml, limits);
    return null;
  } catch (error) {
    expect(error).toBeInstanceOf(XmlLimitError);
    return (error as Error).message;
  }
};

describe('checkXmlLimits', () => {
  it('lets a document within the limits through, whatever its comments, CDATA and quoted values hold', () => {
    expect(
      refusal(
        '<?xml version="1.0"?><!-- <a><a><a><a> --><r a="1" b=\'x>y\' c="<z/>"><s><![CDATA[<a><a><a><a>]]></s><t/></r>',
      ),
    ).toBeNull();
  });

  it.each([
    ['too long', `<r>${'x'.repeat(1000)}</r>`, /characters/],
    ['too many elements', `<r>${'<a/>'.repeat(10)}</r>`, /elements/],
    ['too many attributes', '<r a="1" b="2" xmlns:c="u"><s d="1" e="2" f="3" g=""/></r>', /attributes/],
    ['too deep', '<a><b><c><d/></c></b></a>', /deep/],
    ['with a DOCTYPE', '<!DOCTYPE r [<!ENTITY x "y">]><r>&x;</r>', /DOCTYPE/],
    ['with an unterminated tag', '<r a="1>', /unterminated/],
    ['with an unterminated comment', '<r><!-- </r>', /unterminated/],
  ])('refuses a document %s', (_case, xml, message) => {
    expect(refusal(xml)).toMatch(message);
  });

  it('counts depth by open elements: siblings do not add up', () => {
    expect(refusal('<a><b><c/></b><b><c/></b><b><c></c></b></a>')).toBeNull();
  });
});
