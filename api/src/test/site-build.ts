/**
 * For API tests that look at a public page (a redirect, a business shown or gone): builds the site once
 * if its build is missing or stale. Route tests may not import the frontend (the architecture rules keep
 * routes free of it); test support may.
 */
export { ensureFrontendBuild as ensureSiteBuilt } from '../../../frontend/server/build.ts';
