// Generic answers of the HTTP layer (DESIGN §4).

export const httpMessages = {
  invalidJson: 'The request body is not valid JSON',
  invalidInput: 'Invalid input',
  invalidId: 'Invalid id',
  controlCharacter: 'Text may not contain control characters (such as NUL)',
  invalidUrl: 'The address is not valid',
  urlTooLong: 'The address is too long',
  headersTooLarge: 'The request headers are too large',
  requestTimeout: 'The request took too long to arrive',
  badRequest: 'Bad request',
  notFound: 'Not found',
  bodyTooLarge: 'The request body is too large',
  unsupportedMediaType: 'Unsupported content type',
  internal: 'An unexpected error occurred. Please try again.',
} as const;
