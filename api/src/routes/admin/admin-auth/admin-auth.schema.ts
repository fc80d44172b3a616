import { z } from 'zod';

export const LoginBody = z.object({
  username: z.string().trim().min(1, 'must not be empty').max(200, 'must be at most 200 characters'),
  // Not trimmed: spaces may be part of a password.
  password: z.string().min(1, 'must not be empty').max(200, 'must be at most 200 characters'),
});
export type LoginBody = z.infer<typeof LoginBody>;

/** The spec's login answer: `{ success, message }`. */
export interface LoginResponse {
  success: boolean;
  message: string;
  error?: string;
}
