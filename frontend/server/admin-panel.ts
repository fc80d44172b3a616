/**
 * The admin panel's pages (DESIGN §5a): `/admin` and every `/admin/*` path answer the panel's one
 * client-only document (dist/admin/admin.html, built by vite.admin.config.ts), its hashed assets live
 * under /admin/assets, and `/admin-legacy` (the seed's unguarded screen) redirects to /admin.
 *
 * The document carries none of the operator's head/pixel/footer markup and a policy that lets only the
 * panel's own scripts run: a snippet pasted into the settings could otherwise call the admin API with
 * the admin's cookie. It is never cached (`no-store`): it is the door to a signed-in session.
 *
 * Ad previews (the advertisements screen) load `/admin/ad-preview` in a frame sandboxed without
 * same-origin: the ad's scripts run there, under a policy of their own, with an opaque origin that
 * has no cookie and that the admin guard refuses (Origin "null").
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import express from 'express';
import { hashedAssets } from './static-assets.ts';

export const ADMIN_DIR = path.resolve(import.meta.dirname, '../dist/admin');

/** The panel's policy: its own scripts and API only; frames only from itself (the ad preview). */
export const ADMIN_CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  // React, the charts and the code editor set style attributes and inject style elements.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: https:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "frame-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * The preview frame's policy: an ad may load what it likes (that is what ad code does) but the frame
 * may only be embedded by the panel, and its sandbox (set by the panel's iframe) gives it no origin.
 */
export const AD_PREVIEW_CONTENT_SECURITY_POLICY = "default-src * data: blob: 'unsafe-inline' 'unsafe-eval'; frame-ancestors 'self'";

/**
 * The frame's document: it waits for the panel to post the ad's code, then places it in the 300x250
 * box with its script tags re-created so they run (as a public page does with the saved code).
 */
const AD_PREVIEW_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="robots" content="noindex">
<title>Ad preview</title>
<style>html,body{margin:0;padding:0;width:300px;height:250px;overflow:hidden;font:13px system-ui,sans-serif;color:#64748b}</style>
</head>
<body>
<script>
window.addEventListener('message', function (event) {
  if (event.source !== window.parent || !event.data || event.data.type !== 'ad-preview') return;
  var body = document.body;
  while (body.firstChild) body.removeChild(body.firstChild);
  var holder = document.createElement('div');
  holder.innerHTML = String(event.data.html || '');
  Array.prototype.forEach.call(holder.querySelectorAll('script'), function (old) {
    var script = document.createElement('script');
    Array.prototype.forEach.call(old.attributes, function (attribute) { script.setAttribute(attribute.name, attribute.value); });
    script.text = old.text;
    old.parentNode.replaceChild(script, old);
  });
  while (holder.firstChild) body.appendChild(holder.firstChild);
});
</script>
</body>
</html>
`;

function setPanelHeaders(res: express.Response): void {
  res
    .set('Content-Security-Policy', ADMIN_CONTENT_SECURITY_POLICY)
    .set('Cache-Control', 'no-store')
    // Stricter than the site's SAMEORIGIN: not even a page of this origin may frame the panel.
    .set('X-Frame-Options', 'DENY');
}

/**
 * The router for /admin, /admin/* and /admin-legacy. Mounted before the public pages' catch-all.
 * Without a build (`npm run build` not run) the panel answers 503 saying so.
 */
export async function createAdminPanelRouter(options: { dev?: boolean } = {}): Promise<express.Router> {
  const router = express.Router();
  const documentPath = path.join(ADMIN_DIR, 'admin.html');
  const document = existsSync(documentPath) ? await readFile(documentPath, 'utf8') : null;

  router.get(/^\/admin-legacy(\/.*)?$/, (_req, res) => {
    res.set('Cache-Control', 'no-store').redirect(301, '/admin');
  });

  router.get('/admin/ad-preview', (_req, res) => {
    res
      .set('Content-Security-Policy', AD_PREVIEW_CONTENT_SECURITY_POLICY)
      .set('Cache-Control', 'no-store')
      .set('X-Content-Type-Options', 'nosniff')
      .type('html')
      .send(AD_PREVIEW_HTML);
  });

  if (document) router.use('/admin/assets', hashedAssets(path.join(ADMIN_DIR, 'assets')));

  router.get(/^\/admin(\/.*)?$/, (_req, res) => {
    setPanelHeaders(res);
    if (!document) {
      res
        .status(503)
        .type('text/plain')
        .send(options.dev ? 'The admin panel is not built: run `npm run build` (the panel is served from its build only).' : 'The admin panel is not built: run `npm run build`.');
      return;
    }
    res.type('html').send(document);
  });

  return router;
}
