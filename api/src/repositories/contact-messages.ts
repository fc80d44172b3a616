/** Data access for the visitors' contact messages (contact_messages). */
import type { Prisma } from '../../../platform/db/prisma.ts';

export interface NewContactMessage {
  name: string;
  email: string;
  subject: string;
  message: string;
  company: string | null;
  phone: string | null;
  ip: string | null;
  userAgent: string | null;
}

export async function insertContactMessage(prisma: Prisma, message: NewContactMessage): Promise<void> {
  await prisma.contactMessage.create({ data: message });
}
