/** Character codes the hand-written scanners (CSV, JSON cells, XML) compare against. */
export const LF = 10;
export const CR = 13;
export const BANG = 33;
export const QUOTE = 34;
export const APOS = 39;
export const COMMA = 44;
export const SLASH = 47;
export const COLON = 58;
export const GT = 62;
export const QUESTION = 63;
export const BACKSLASH = 92;
export const OPEN_BRACE = 123;
export const CLOSE_BRACE = 125;
