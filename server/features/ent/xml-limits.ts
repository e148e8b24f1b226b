// Bounds on an XML document from outside (a SAML response, an IdP's metadata, a CAS answer), checked
// by one linear pass over the text before any parser, XPath or signature code sees it: the XML
// signature libraries sort nodes in document order, in time that grows with the square of the
// element count, so the count must be small before they run.

export type XmlLimits = {
  /** Characters of the whole text. */
  maxChars: number;
  /** Elements (start tags). */
  maxElements: number;
  /** Attributes, namespace declarations included, over the whole document. */
  maxAttributes: number;
  /** Elements open at once. */
  maxDepth: number;
};

export class XmlLimitError extends Error {}

/**
 * Throws an XmlLimitError when the text exceeds a limit, holds a DOCTYPE (never sent by SAML or CAS
 * servers; entity expansion multiplies the work) or a construct that does not end. Comments, CDATA
 * and processing instructions are skipped; quoted attribute values may hold '>'.
 */
export function checkXmlLimits(xml: string, limits: XmlLimits): void {
  if (xml.length > limits.maxChars)
    throw new XmlLimitError(`XML of ${xml.length} characters (at most ${limits.maxChars})`);
  let [elements, attributes, depth] = [0, 0, 0];
  for (let i = xml.indexOf('<'); i !== -1; i = xml.indexOf('<', i)) {
    if (xml.startsWith('<!--', i)) i = endAfter(xml, '-->', i + 4);
    else if (xml.startsWith('<![CDATA[', i)) i = endAfter(xml, ']]>', i + 9);
    else if (xml.startsWith('<?', i)) i = endAfter(xml, '?>', i + 2);
    else if (xml.startsWith('<!', i)) throw new XmlLimitError('XML with a DOCTYPE');
    else if (xml[i + 1] === '/') {
      i = endAfter(xml, '>', i + 2);
      depth--;
    } else {
      const tag = startTag(xml, i + 1);
      i = tag.end;
      attributes += tag.attributes;
      if (++elements > limits.maxElements)
        throw new XmlLimitError(`XML of more than ${limits.maxElements} elements`);
      if (attributes > limits.maxAttributes)
        throw new XmlLimitError(`XML of more than ${limits.maxAttributes} attributes`);
      if (depth + 1 > limits.maxDepth)
        throw new XmlLimitError(`XML nested more than ${limits.maxDepth} deep`);
      if (!tag.selfClosing) depth++;
    }
  }
}

/** The index just after `marker` found from `from`. */
function endAfter(text: string, marker: string, from: number): number {
  const at = text.indexOf(marker, from);
  if (at === -1) throw new XmlLimitError(`XML with an unterminated construct (no ${marker})`);
  return at + marker.length;
}

/** A start tag from just after its '<': where it ends, its attributes ('=' outside quotes), and
 * whether it closes itself. */
function startTag(xml: string, from: number): { end: number; attributes: number; selfClosing: boolean } {
  let quote = '';
  let attributes = 0;
  for (let i = from; i < xml.length; i++) {
    const char = xml[i];
    if (quote) {
      if (char === quote) quote = '';
    } else if (char === '"' || char === "'") quote = char;
    else if (char === '=') attributes++;
    else if (char === '>') return { end: i + 1, attributes, selfClosing: xml[i - 1] === '/' };
  }
  throw new XmlLimitError('XML with an unterminated tag');
}
