/**
 * POST /api/contact. The message is stored before the visitor is told it was sent, so a failure
 * after that point never loses it. A filled honeypot field means a bot: it is told "sent" (so it
 * does not adapt) and nothing is stored.
 */
import type { ContactInput, ContactResponse } from '../../../../common/api/public.ts';
import type { Prisma } from '../../../../platform/db/prisma.ts';
import { insertContactMessage } from '../../repositories/contact-messages.ts';

export const CONTACT_SUCCESS: ContactResponse = {
  success: true,
  message: "Thank you for your message. We'll get back to you within 24 hours.",
};

export async function submitContactMessage(options: {
  prisma: Prisma;
  input: ContactInput;
  ip: string | null;
  userAgent: string | null;
}): Promise<{ response: ContactResponse; isStored: boolean }> {
  const { prisma, input } = options;
  if (input.website && input.website.trim() !== '') return { response: CONTACT_SUCCESS, isStored: false };
  await insertContactMessage(prisma, {
    name: input.name,
    email: input.email,
    subject: input.subject,
    message: input.message,
    company: input.company || null,
    phone: input.phone || null,
    ip: options.ip,
    userAgent: options.userAgent?.slice(0, 500) ?? null,
  });
  return { response: CONTACT_SUCCESS, isStored: true };
}
