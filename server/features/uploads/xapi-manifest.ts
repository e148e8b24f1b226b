// Reads the course description of xAPI packages with the XML parser SCORM uses:
// - cmi5.xml (cmi5 §13): the first AU in document order, blocks included: its url (relative to
//   the xml, query kept; a url on another site is refused, Ardoise plays what the package holds),
//   id, moveOn (NotApplicable when absent, as cmi5 says), masteryScore and launchParameters;
// - tincan.xml (Rustici's Tin Can package): the course activity with a launch element, else the
//   first activity with one; Ardoise treats it as moveOn CompletedOrPassed without mastery score.
import { XAPI_LAUNCH_PARAMETERS_MAX_CHARS } from '../../../common/constants.js';
import { uploadMessages as u } from '../../../common/messages/curriculum.js';
import { type Cmi5MoveOn, cmi5MoveOnSchema, type XapiPackage } from '../../../common/schemas/xapi.js';
import { badRequest } from '../../http-error.js';
import { resolveHref, withParameters } from './scorm-manifest.js';
import { childOf, childrenOf, descendantsOf, parseXmlElements, type XmlElement } from './xml-elements.js';

export type XapiManifest = {
  kind: 'cmi5' | 'tincan';
  /** Relative to the package root, percent-decoded, query string and fragment kept. */
  launch: string;
  /** The course title (else the AU's). */
  title: string | undefined;
  xapi: XapiPackage;
  /** cmi5: the titles (else ids) of every AU, in order, when there are several. */
  auTitles: string[];
};

const COURSE_ACTIVITY_TYPE = 'http://adlnet.gov/expapi/activities/course';
const TITLE_MAX_CHARS = 200;
const IS_ABSOLUTE = /^[a-z][a-z0-9+.-]*:|^\/\//i;

/** A cmi5 title or description: its langstring values, the first non-empty one. */
function langText(element: XmlElement | undefined): string | undefined {
  const strings = childrenOf(element, 'langstring').map((s) => s.text.trim());
  const text = strings.find(Boolean) ?? element?.text.trim();
  return text ? text.slice(0, TITLE_MAX_CHARS) : undefined;
}

export function readCmi5Manifest(xml: string, hasFile: (path: string) => boolean): XapiManifest {
  const root = parseXmlElements(xml)?.elements.find((element) => element.name === 'coursestructure');
  if (!root) throw badRequest(u.cmi5Invalid);
  const aus = descendantsOf(root, 'au').filter(
    (au) => au.attrs.id?.trim() && childOf(au, 'url')?.text.trim(),
  );
  const au = aus[0];
  if (!au) throw badRequest(u.cmi5NoAu);

  const url = childOf(au, 'url')!.text.trim();
  if (IS_ABSOLUTE.test(url)) throw badRequest(u.cmi5RemoteAu(url));
  const target = resolveHref([], url);
  if (!target || !hasFile(target.path)) throw badRequest(u.cmi5LaunchMissing(target?.path ?? url));

  const moveOnText = (au.attrs.moveon ?? childOf(au, 'moveon')?.text ?? '').trim();
  const moveOn = moveOnText
    ? cmi5MoveOnSchema.safeParse(moveOnText)
    : { success: true as const, data: undefined };
  if (!moveOn.success) throw badRequest(u.cmi5MoveOn(moveOnText));
  const masteryText = (au.attrs.masteryscore ?? childOf(au, 'masteryscore')?.text ?? '').trim();
  const mastery = masteryText ? Number(masteryText) : null;
  if (mastery !== null && !(/^[0-9.]+$/.test(masteryText) && mastery >= 0 && mastery <= 1)) {
    throw badRequest(u.cmi5MasteryScore(masteryText));
  }
  const launchParameters = childOf(au, 'launchparameters')?.text.trim();
  if ((launchParameters?.length ?? 0) > XAPI_LAUNCH_PARAMETERS_MAX_CHARS) throw badRequest(u.cmi5Invalid);

  const auTitles = aus.length > 1 ? aus.map((a) => langText(childOf(a, 'title')) ?? a.attrs.id!.trim()) : [];
  return {
    kind: 'cmi5',
    launch: withParameters(target, undefined),
    title: langText(childOf(childOf(root, 'course'), 'title')) ?? langText(childOf(au, 'title')),
    xapi: {
      activityId: au.attrs.id!.trim(),
      moveOn: (moveOn.data ?? 'NotApplicable') satisfies Cmi5MoveOn,
      masteryScore: mastery,
      auCount: aus.length,
      ...(launchParameters ? { launchParameters } : {}),
    },
    auTitles,
  };
}

export function readTincanManifest(xml: string, hasFile: (path: string) => boolean): XapiManifest {
  const root = parseXmlElements(xml)?.elements.find((element) => element.name === 'tincan');
  if (!root) throw badRequest(u.tincanInvalid);
  const launchable = childrenOf(childOf(root, 'activities'), 'activity').filter(
    (activity) => activity.attrs.id?.trim() && childOf(activity, 'launch')?.text.trim(),
  );
  const activity = launchable.find((a) => a.attrs.type === COURSE_ACTIVITY_TYPE) ?? launchable[0];
  if (!activity) throw badRequest(u.tincanNoLaunch);

  const href = childOf(activity, 'launch')!.text.trim();
  if (IS_ABSOLUTE.test(href)) throw badRequest(u.tincanRemoteLaunch(href));
  const target = resolveHref([], href);
  if (!target || !hasFile(target.path)) throw badRequest(u.tincanLaunchMissing(target?.path ?? href));
  const name = childOf(activity, 'name')?.text.trim();
  return {
    kind: 'tincan',
    launch: withParameters(target, undefined),
    title: name ? name.slice(0, TITLE_MAX_CHARS) : undefined,
    xapi: {
      activityId: activity.attrs.id!.trim(),
      moveOn: 'CompletedOrPassed',
      masteryScore: null,
      auCount: 1,
    },
    auTitles: [],
  };
}
