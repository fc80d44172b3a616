/**
 * Every message the contact form can come back with (spec §5 rules, the size and rate limits), shared by
 * the API's validation (common/api/public.ts) and the contact page. Without scripts the form posts to the
 * API, which redirects to /contact?error=<message>: the page shows a message only when it is one of these
 * (a link with its own error text would otherwise put a stranger's words in the site's red notice).
 */
export const CONTACT_MESSAGES = {
  name: { min: 'Name must be at least 2 characters', max: 'Name must be at most 100 characters' },
  email: { invalid: 'Please enter a valid email address' },
  subject: { min: 'Subject must be at least 5 characters', max: 'Subject must be at most 200 characters' },
  message: { min: 'Message must be at least 10 characters', max: 'Message must be at most 5000 characters' },
  company: { max: 'Company must be at most 200 characters', type: 'Company must be text' },
  phone: { max: 'Phone must be at most 50 characters', type: 'Phone must be text' },
} as const;

export const CONTACT_TOO_LARGE = 'The message is too large.';
export const CONTACT_TOO_MANY = 'Too many messages from this address. Please try again later.';

export type ContactField = keyof typeof CONTACT_MESSAGES;

/** The field a message is about, or null for the limits; undefined for a text that is none of the messages. */
export function contactMessageField(message: string): ContactField | null | undefined {
  if (message === CONTACT_TOO_LARGE || message === CONTACT_TOO_MANY) return null;
  for (const [field, messages] of Object.entries(CONTACT_MESSAGES)) {
    if ((Object.values(messages) as string[]).includes(message)) return field as ContactField;
  }
  return undefined;
}
