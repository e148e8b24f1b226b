// Generic answers of the HTTP layer (DESIGN §4).

export const httpMessages = {
  invalidJson: 'The request body is not valid JSON',
  invalidInput: 'Invalid input',
  invalidId: 'Invalid id',
  notFound: 'Not found',
  bodyTooLarge: 'The request body is too large',
  unsupportedMediaType: 'Unsupported content type',
  internal: 'An unexpected error occurred. Please try again.',
} as const;
