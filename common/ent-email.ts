// An account made from an ENT that sent no email address still needs a unique one to sign in with:
// it gets an address under a domain that can never receive mail (RFC 2606's .invalid), which the
// screens show as empty.
export const ENT_PLACEHOLDER_DOMAIN = 'ent.invalid';

export const isEntPlaceholderEmail = (email: string): boolean => email.endsWith(`@${ENT_PLACEHOLDER_DOMAIN}`);

/** The email as the screens show it: '' for a placeholder. */
export const shownEmail = (email: string): string => (isEntPlaceholderEmail(email) ? '' : email);
