// Answers of the xAPI endpoint the player's service worker serves to cmi5 / Tin Can content (the
// content reads them, a developer debugs with them), and the page shown when the content closes.
import { RUNTIME_DATA_MAX_BYTES } from '../constants.js';

export const xapiLrsMessages = {
  unauthorized: 'Send the Authorization header given at launch (cmi5: the auth-token of the fetch URL).',
  fetchUsed: 'The fetch URL has already been used for this launch.',
  fetchMethod: 'The fetch URL answers POST only.',
  unknownResource: (resource: string) => `This endpoint has no resource named "${resource}".`,
  methodNotAllowed: (method: string, resource: string) => `${method} is not allowed on ${resource}.`,
  invalidJson: 'The body is not valid JSON.',
  statementObject: 'A statement must be a JSON object.',
  noStatements: 'Send one statement or a non-empty array of statements.',
  duplicateIds: 'The same statement id appears twice in one request.',
  statementIdRequired: 'PUT statements needs the statementId parameter.',
  statementIdMismatch: 'The statement id differs from the statementId parameter.',
  statementConflict: 'A different statement with this id was already stored.',
  statementNotFound: 'No statement with this id in this launch.',
  wrongRegistration: 'The registration differs from the one given at launch.',
  afterTerminated: 'The AU session is terminated: no more statements are accepted (cmi5 §9.3.8).',
  activityIdRequired: 'The activityId parameter is required.',
  agentInvalid: 'The agent parameter must be a JSON agent object.',
  stateIdRequired: 'The stateId parameter is required for this method.',
  documentNotFound: 'No document with this id.',
  launchDataReadOnly: 'LMS.LaunchData is set by the LMS: the AU may only read it.',
  profileReadOnly: 'The learner preferences are set by the LMS: the AU may only read them.',
  mergeNeedsJson: 'POST merges JSON objects: send a JSON object with Content-Type application/json.',
  mergeExistingNotJson: 'The stored document is not a JSON object: replace it with PUT.',
  dataTooLarge: `The activity's statements and state documents exceed ${Math.round(RUNTIME_DATA_MAX_BYTES / 1024)} KB in one write.`,
  noPlayer: 'The Ardoise player page of this launch is not open: nothing can be kept.',
  bodyTooLarge: 'The request body is too large.',
  /** The page the content's frame shows at returnURL, in French (the learner reads it). */
  returnTitle: 'Activité terminée',
  returnText: 'L’activité est terminée. Retour au tableau…',
} as const;
