// Business constants and limits of docs/product.md#business-constants-and-limits, shared by the server and the web client.

export const PASSWORD_MIN_LENGTH = 8;

export const HTTP_TIMEOUT_MS = 10_000;
export const PDF_UPLOAD_TIMEOUT_MS = 40_000;
export const ACTIVITY_UPLOAD_TIMEOUT_MS = 30_000;

export const ACTIVITY_DOWNLOAD_MAX_BYTES = 100 * 1024 * 1024;
export const SW_HEALTH_INTERVAL_MS = 30_000;
export const SW_HEALTH_TIMEOUT_MS = 5_000;
export const OFFLINE_DB_PREFIX = 'keynote_activity_';
export const OFFLINE_STORE_BATCH_SIZE = 50;
export const OFFLINE_STORE_BATCH_PAUSE_MS = 10;
export const START_OVERLAY_DELAY_MS = 1_000;

export const QR_CODE_SIZE_PX = 192;
export const SIDEBAR_COLLAPSED_PX = 70;
export const SIDEBAR_EXPANDED_PX = 240;

export const SESSION_STORAGE_USER_KEY = 'user';
export const SESSION_STORAGE_TOKEN_KEY = 'token';

export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
export const TOTP_WINDOW_STEPS = 1;

/** Bounds on free text so that no field can grow without limit. */
export const MAX_TITLE_LENGTH = 200;
export const MAX_TEXT_LENGTH = 2_000;
export const MAX_EMAIL_LENGTH = 254;
export const MAX_PASSWORD_LENGTH = 200;

export const ROLE_ADMIN = 'admin';
export const ROLE_TEACHER = 'teacher';
/** Beside the spec's roles (docs/pupils.md). */
export const ROLE_PUPIL = 'pupil';
export type Role = typeof ROLE_ADMIN | typeof ROLE_TEACHER | typeof ROLE_PUPIL;

/** How deep any JSON the server reads may nest (every request body, h5p.json, library.json),
 * checked by a linear scan before parsing. Real SCORM cmi data nests about 6 levels, an xAPI
 * statement inside a runtime write about 12. */
export const JSON_MAX_DEPTH = 64;

/** Activity packages (docs/decisions.md#files-and-activities): zip size on upload, and what it may unpack to. */
export const ZIP_MAX_BYTES = 100 * 1024 * 1024;
/** Largest package description read (imsmanifest.xml, cmi5.xml, tincan.xml, h5p.json). */
export const DESCRIPTION_MAX_BYTES = 5 * 1024 * 1024;
/** How deep the elements of an XML description may nest (fast-xml-parser's own limit; real
 * imsmanifest.xml files nest under 20 levels), checked by a linear scan before parsing. */
export const XML_MAX_DEPTH = 100;
export const ZIP_MAX_ENTRIES = 10_000;
export const ZIP_MAX_UNCOMPRESSED_BYTES = 500 * 1024 * 1024;
export const ZIP_MAX_COMPRESSION_RATIO = 100;

/** What an activity may report and keep per group entry (its SCORM cmi data or H5P state). Real
 * SCORM 1.2 packages write far past the standard's 4,096 characters of suspend_data: we accept what
 * scorm-again accepts. */
export const RUNTIME_SUSPEND_DATA_MAX_CHARS = 64_000;
export const RUNTIME_DATA_MAX_BYTES = 256 * 1024;
export const RUNTIME_WRITES_MAX_PER_REQUEST = 50;
/** xAPI content (cmi5, Tin Can): statements per runtime write and kept per group entry, state
 * documents per entry and the length of one. */
export const XAPI_STATEMENTS_MAX_PER_WRITE = 100;
export const XAPI_STATEMENTS_MAX_PER_ENTRY = 5_000;
export const XAPI_DOCUMENTS_MAX_PER_ENTRY = 50;
export const XAPI_DOCUMENT_MAX_CHARS = 64_000;
/** cmi5 launchParameters kept from cmi5.xml (Rise 360 writes about 40 characters). */
export const XAPI_LAUNCH_PARAMETERS_MAX_CHARS = 4_000;

/** One-time sign-in links: where they lead on the app origin (the token follows '#', so
 * it never reaches a server log), and how long each kind lasts. */
export const SIGN_IN_LINK_PATH = '/choisir-mot-de-passe';
export const INVITE_LINK_TTL_HOURS = 7 * 24;
export const RESET_LINK_TTL_HOURS = 24;
