// Reads a SCORM package's imsmanifest.xml (1.2 and 2004 2nd–4th edition) with an XML parser: its
// version, its title and its launch page, the first SCO of the default organization, with the
// manifest's xml:base values and the item's parameters applied as the content packaging spec says.
import { uploadMessages as u } from '../../../common/messages/curriculum.js';
import { badRequest } from '../../http-error.js';
import { childOf, childrenOf, parseXmlElements, type XmlElement } from './xml-elements.js';

export type ScormManifest = {
  kind: 'scorm12' | 'scorm2004';
  /** Relative to the package root, percent-decoded, query string and fragment kept. */
  launch: string;
  /** The path part of `launch`: the file that must exist. */
  launchFile: string;
  title: string | undefined;
};

/** Parses and reads the manifest; throws an HttpError saying what is wrong, in an admin's words. */
export function readScormManifest(xml: string, hasFile: (path: string) => boolean): ScormManifest {
  const parsed = parseXmlElements(xml);
  const manifest = parsed?.elements.find((element) => element.name === 'manifest');
  if (!parsed || !manifest) throw badRequest(u.manifestInvalid);
  const { namespaces } = parsed;

  const organizations = childOf(manifest, 'organizations');
  const orgs = childrenOf(organizations, 'organization');
  const org = orgs.find((o) => o.attrs.identifier === organizations?.attrs.default) ?? orgs[0];
  const resourcesElement = childOf(manifest, 'resources');
  const resources = childrenOf(resourcesElement, 'resource');
  const { resource, parameters } = launchResource(org, resources);
  if (!resource?.attrs.href) throw badRequest(u.manifestNoLaunch);

  const bases = [manifest.attrs.base, resourcesElement?.attrs.base, resource.attrs.base];
  const target = resolveHref(bases, resource.attrs.href);
  if (!target || !hasFile(target.path)) {
    throw badRequest(u.manifestLaunchMissing(target?.path ?? resource.attrs.href));
  }
  const title = childOf(org, 'title')?.text.trim();
  return {
    kind: versionOf(manifest, namespaces),
    launch: withParameters(target, parameters),
    launchFile: target.path,
    title: title ? title.slice(0, 200) : undefined,
  };
}

/** The first SCO of the organization; else its first item with a page; else the first resource
 * with a page. */
function launchResource(org: XmlElement | undefined, resources: XmlElement[]) {
  const byId = new Map(resources.map((resource) => [resource.attrs.identifier, resource]));
  const items: XmlElement[] = [];
  const walk = (element: XmlElement) => {
    for (const item of childrenOf(element, 'item')) {
      items.push(item);
      walk(item);
    }
  };
  if (org) walk(org);
  const pageOf = (item: XmlElement) => {
    const resource = byId.get(item.attrs.identifierref ?? '');
    return resource?.attrs.href ? resource : undefined;
  };
  const isSco = (resource: XmlElement | undefined) => resource?.attrs.scormtype?.toLowerCase() === 'sco';
  const item = items.find((i) => isSco(pageOf(i))) ?? items.find((i) => pageOf(i));
  if (item) return { resource: pageOf(item), parameters: item.attrs.parameters };
  return { resource: resources.find((r) => r.attrs.href), parameters: undefined };
}

/** From metadata/schemaversion, else from the namespaces the manifest declares. */
function versionOf(manifest: XmlElement, namespaces: string[]): ScormManifest['kind'] {
  const version = childOf(childOf(manifest, 'metadata'), 'schemaversion')?.text.trim().toLowerCase() ?? '';
  if (version === '1.2') return 'scorm12';
  if (version.includes('1.3') || version.includes('2004')) return 'scorm2004';
  const declares2004 = namespaces.some((ns) => /adlcp_v1p3|adlseq_v1p3|adlnav_v1p3|imsss/i.test(ns));
  return declares2004 ? 'scorm2004' : 'scorm12';
}

type Href = { path: string; query: string; fragment: string };

/** Resolves `href` against the xml:base values (each taken as a folder), inside the package only:
 * null for an absolute URL or a path that leaves it. */
export function resolveHref(bases: Array<string | undefined>, href: string): Href | null {
  const folders: string[] = [];
  for (const reference of [...bases.filter((b): b is string => !!b?.trim()), href]) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(reference) || reference.startsWith('/')) return null;
  }
  const fragmentAt = href.indexOf('#');
  const fragment = fragmentAt >= 0 ? href.slice(fragmentAt) : '';
  const beforeFragment = fragmentAt >= 0 ? href.slice(0, fragmentAt) : href;
  const queryAt = beforeFragment.indexOf('?');
  const query = queryAt >= 0 ? beforeFragment.slice(queryAt) : '';
  const hrefPath = queryAt >= 0 ? beforeFragment.slice(0, queryAt) : beforeFragment;
  const segments = [
    ...bases.flatMap((base) => (base ? base.trim().split(/[?#]/)[0]!.split('/') : [])),
    ...hrefPath.split('/'),
  ];
  for (const segment of segments) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      if (folders.pop() === undefined) return null;
      continue;
    }
    folders.push(decodeSegment(segment));
  }
  if (folders.length === 0) return null;
  return { path: folders.join('/'), query, fragment };
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** Appends an item's parameters (IMS CP / SCORM CAM): a leading '?' or '&' is dropped, a fragment
 * is used only when the href has none, and '&' joins an existing query. */
export function withParameters({ path, query, fragment }: Href, parameters: string | undefined): string {
  const value = parameters?.trim() ?? '';
  if (value.startsWith('#')) return `${path}${query}${fragment || value}`;
  const extra = value.replace(/^[?&]+/, '');
  if (!extra) return `${path}${query}${fragment}`;
  return `${path}${query ? `${query}&` : '?'}${extra}${fragment}`;
}
