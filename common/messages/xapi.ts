// The server's and the service worker's answers about xAPI content (cmi5, Tin Can): refused
// statements and documents say what is wrong in a developer's words (content sends them, never a
// person).
import {
  XAPI_DOCUMENT_MAX_CHARS,
  XAPI_DOCUMENTS_MAX_PER_ENTRY,
  XAPI_STATEMENTS_MAX_PER_ENTRY,
  XAPI_STATEMENTS_MAX_PER_WRITE,
} from '../constants.js';

const thousands = (n: number) => n.toLocaleString('en-US');

export const xapiMessages = {
  statementId: 'A statement id must be a UUID.',
  statementActor: 'A statement needs an actor object.',
  statementVerb: 'A statement needs a verb whose id is an IRI.',
  statementObject: 'A statement needs an object.',
  statementNotLearner: 'A statement’s actor must be the actor given at launch (cmi5: refused with 403).',
  statementNotLaunchedActivity: (activityId: string) =>
    `A statement’s object must be the launched activity (${activityId}) or one of its sub-activities (an id under it, such as ${activityId}/q1).`,
  statementTimestamp: 'A statement timestamp must be an ISO 8601 date and time with its time zone.',
  documentTooLong: `A state document is limited to ${thousands(XAPI_DOCUMENT_MAX_CHARS)} characters.`,
  tooManyDocuments: `An activity keeps at most ${XAPI_DOCUMENTS_MAX_PER_ENTRY} state documents.`,
  tooManyStatements: `Send at most ${XAPI_STATEMENTS_MAX_PER_WRITE} statements per write.`,
  entryStatementsFull: `This activity already holds ${thousands(XAPI_STATEMENTS_MAX_PER_ENTRY)} statements for this group: no more are kept.`,
  xapiDataShape: 'xAPI runtime data must be an object holding documents and statements arrays.',
} as const;
