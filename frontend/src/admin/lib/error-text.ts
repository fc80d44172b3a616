/**
 * What a failure toast says under its title (admin-side §8: "status code, colon, space, body text", as
 * ApiError's message reads, e.g. "413: ad3 is 51.2 KB..."); a network failure's own message otherwise.
 */
export function errorText(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}
