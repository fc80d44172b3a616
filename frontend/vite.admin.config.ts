/**
 * The admin panel's own client build (DESIGN §5a): `admin.html` + `src/admin/`, served under /admin by
 * frontend/server/admin-panel.ts. A build of its own, not a second input of the site's build, so the
 * public bundle does not change by a byte (no chunk shared between the two entries to split out) and
 * nothing of the panel can reach a visitor's page.
 */
import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const root = import.meta.dirname;

export default defineConfig({
  root,
  base: '/admin/',
  plugins: [react()],
  publicDir: false,
  build: {
    outDir: path.resolve(root, 'dist/admin'),
    emptyOutDir: true,
    manifest: true,
    sourcemap: false,
    target: 'es2022',
    chunkSizeWarningLimit: 2048,
    // No inline module-preload polyfill: the panel's policy allows only scripts from its own origin.
    modulePreload: { polyfill: false },
    rollupOptions: { input: path.resolve(root, 'admin.html') },
  },
});
