// The default name of an uploaded activity: the title its package gives itself, read in the browser
// as soon as the file is picked, from the description the server recognises it by (cmi5.xml, then
// tincan.xml, imsmanifest.xml, h5p.json, at the zip's root or in its one top folder). Only those
// files are inflated; anything unreadable simply gives no default.
import { strFromU8, unzipSync } from 'fflate';
import { DESCRIPTION_MAX_BYTES, MAX_TITLE_LENGTH, ZIP_MAX_BYTES } from '@/common/constants.js';

const DESCRIPTIONS = ['cmi5.xml', 'tincan.xml', 'imsmanifest.xml', 'h5p.json'] as const;
type Description = (typeof DESCRIPTIONS)[number];

/** 'cmi5.xml' or 'top/cmi5.xml': the file name, else null. */
function descriptionOf(path: string): Description | null {
  const parts = path.split('/');
  if (parts.length > 2) return null;
  const name = parts.at(-1) as Description;
  return DESCRIPTIONS.includes(name) ? name : null;
}

const text = (element: Element | null | undefined) => element?.textContent?.trim() || undefined;
/** Direct children by local name, whatever their namespace. */
const children = (parent: Element | null | undefined, name: string) =>
  parent ? Array.from(parent.children).filter((child) => child.localName.toLowerCase() === name) : [];
const child = (parent: Element | null | undefined, name: string) => children(parent, name)[0];

function xmlRoot(source: string): Element | null {
  const doc = new DOMParser().parseFromString(source, 'application/xml');
  return doc.getElementsByTagName('parsererror').length > 0 ? null : doc.documentElement;
}

/** cmi5: the course title (a langstring), else the first AU's. */
function cmi5Title(root: Element): string | undefined {
  const langText = (title: Element | undefined) =>
    children(title, 'langstring')
      .map((s) => text(s))
      .find(Boolean) ?? text(title);
  const au = root.getElementsByTagNameNS('*', 'au')[0];
  return langText(child(child(root, 'course'), 'title')) ?? langText(child(au, 'title'));
}

/** Tin Can: the name of the course activity, else of the first activity with a launch page. */
function tincanTitle(root: Element): string | undefined {
  const activities = children(child(root, 'activities'), 'activity').filter((a) => child(a, 'launch'));
  const course =
    activities.find((a) => a.getAttribute('type') === 'http://adlnet.gov/expapi/activities/course') ??
    activities[0];
  return text(child(course, 'name'));
}

/** SCORM: the title of the default organization, else of the first one. */
function manifestTitle(root: Element): string | undefined {
  const organizations = child(root, 'organizations');
  const all = children(organizations, 'organization');
  const chosen = all.find((o) => o.getAttribute('identifier') === organizations?.getAttribute('default'));
  return text(child(chosen ?? all[0], 'title'));
}

function titleIn(name: Description, source: string): string | undefined {
  if (name === 'h5p.json') {
    const parsed: unknown = JSON.parse(source);
    const title = (parsed as { title?: unknown } | null)?.title;
    return typeof title === 'string' ? title.trim() || undefined : undefined;
  }
  const root = xmlRoot(source);
  if (!root) return undefined;
  if (name === 'cmi5.xml') return cmi5Title(root);
  if (name === 'tincan.xml') return tincanTitle(root);
  return manifestTitle(root);
}

/** The package's own title, cut to the longest name allowed, or undefined. */
export async function readPackageTitle(file: File): Promise<string | undefined> {
  if (file.size > ZIP_MAX_BYTES) return undefined;
  try {
    const files = unzipSync(new Uint8Array(await file.arrayBuffer()), {
      filter: (entry) => descriptionOf(entry.name) !== null && entry.originalSize <= DESCRIPTION_MAX_BYTES,
    });
    // The root's description first, then the top folder's; in the server's order of kinds.
    const paths = Object.keys(files).sort((a, b) => a.split('/').length - b.split('/').length);
    for (const name of DESCRIPTIONS) {
      const path = paths.find((p) => descriptionOf(p) === name);
      if (!path) continue;
      const title = titleIn(name, strFromU8(files[path]!).replace(/^\uFEFF/, ''));
      return title?.replace(/\s+/g, ' ').slice(0, MAX_TITLE_LENGTH);
    }
  } catch {
    // Not a zip this browser can read: the server says why on upload.
  }
  return undefined;
}
