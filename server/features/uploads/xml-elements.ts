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
