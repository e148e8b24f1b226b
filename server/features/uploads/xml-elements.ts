// XML descriptions of packages (imsmanifest.xml, cmi5.xml, tincan.xml) read with fast-xml-parser
// as plain elements: names and attribute names without their prefix and in lower case, so that
// `adlcp:scormType`, `adlcp:scormtype` and `xml:base` read as `scormtype` and `base`.
import { XMLParser, XMLValidator } from 'fast-xml-parser';

/** An element with its local name (prefix dropped, lower case) and attributes named the same way,
 * so that `adlcp:scormtype`, `adlcp:scormType` and `xml:base` read as `scormtype` and `base`. */
export type XmlElement = {
  name: string;
  attrs: Record<string, string>;
  children: XmlElement[];
  text: string;
};

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  preserveOrder: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  htmlEntities: false,
});

const localName = (qualified: string) => qualified.slice(qualified.indexOf(':') + 1).toLowerCase();

type Ordered = Record<string, unknown>;

function toElements(nodes: unknown, namespaces: string[]): XmlElement[] {
  if (!Array.isArray(nodes)) return [];
  const elements: XmlElement[] = [];
  for (const node of nodes as Ordered[]) {
    const name = Object.keys(node).find((key) => key !== ':@');
    if (!name || name === '#text' || name.startsWith('?') || name.startsWith('#')) continue;
    const attrs: Record<string, string> = {};
    for (const [key, value] of Object.entries((node[':@'] ?? {}) as Record<string, unknown>)) {
      if (key === 'xmlns' || key.startsWith('xmlns:')) namespaces.push(String(value));
      else attrs[localName(key)] = String(value);
    }
    const raw = node[name] as Ordered[];
    const text = Array.isArray(raw)
      ? raw
          .map((child) => child['#text'])
          .filter((value) => value !== undefined)
          .join('')
      : '';
    elements.push({ name: localName(name), attrs, children: toElements(raw, namespaces), text });
  }
  return elements;
}

export const childrenOf = (element: XmlElement | undefined, name: string) =>
  element?.children.filter((child) => child.name === name) ?? [];
export const childOf = (element: XmlElement | undefined, name: string) => childrenOf(element, name)[0];

/**
 * True when elements nest more than `maxDepth` deep, found by one linear scan before any parser
 * sees the text (fast-xml-parser's validator keeps every open tag and the tree is walked
 * recursively): comments, CDATA, processing instructions and the DOCTYPE are skipped, quoted
 * attribute values may hold '>'. Malformed text gives false: the parser refuses it afterwards.
 */
export function xmlTooDeep(xml: string, maxDepth: number): boolean {
  let depth = 0;
  for (let i = xml.indexOf('<'); i !== -1; i = xml.indexOf('<', i)) {
    let end: number;
    if (xml.startsWith('<!--', i)) end = endAfter(xml, '-->', i + 4);
    else if (xml.startsWith('<![CDATA[', i)) end = endAfter(xml, ']]>', i + 9);
    else if (xml.startsWith('<?', i)) end = endAfter(xml, '?>', i + 2);
    else if (xml.startsWith('<!', i)) {
      // A DOCTYPE's internal subset may hold '>' (entity declarations): skip past its ']' first.
      const close = xml.indexOf('>', i);
      const subset = xml.indexOf('[', i);
      end =
        subset !== -1 && subset < close
          ? endAfter(xml, '>', Math.max(i, xml.indexOf(']', subset)))
          : close + 1;
    } else {
      end = tagEnd(xml, i + 1);
      if (end === 0) return false;
      if (xml[i + 1] === '/') depth--;
      else if (xml[end - 2] !== '/' && ++depth > maxDepth) return true;
    }
    if (end <= i) return false;
    i = end;
  }
  return false;
}

/** The index just after `marker` found from `from`, or 0 when it is missing. */
function endAfter(text: string, marker: string, from: number): number {
  const at = text.indexOf(marker, from);
  return at === -1 ? 0 : at + marker.length;
}

/** The index just after a tag's '>' (quoted attribute values skipped), or 0 when it is missing. */
function tagEnd(xml: string, from: number): number {
  let quote = '';
  for (let i = from; i < xml.length; i++) {
    const char = xml[i]!;
    if (quote) {
      if (char === quote) quote = '';
    } else if (char === '"' || char === "'") quote = char;
    else if (char === '>') return i + 1;
  }
  return 0;
}

/** The document's top elements and the namespaces it declares; undefined when it is not XML. */
export function parseXmlElements(xml: string): { elements: XmlElement[]; namespaces: string[] } | undefined {
  if (XMLValidator.validate(xml) !== true) return undefined;
  const namespaces: string[] = [];
  try {
    return { elements: toElements(parser.parse(xml), namespaces), namespaces };
  } catch {
    return undefined;
  }
}

/** Every element named `name` under `element`, in document order, at any depth. */
export function descendantsOf(element: XmlElement, name: string): XmlElement[] {
  return element.children.flatMap((child) => [
    ...(child.name === name ? [child] : []),
    ...descendantsOf(child, name),
  ]);
}
