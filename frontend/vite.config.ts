/**
 * One Vite config for the public site: `vite build` makes the client bundle (dist/client, hashed
 * files + index.html used as the SSR template), `vite build --ssr` makes the server entry
 * (dist/server/entry-server.js) that frontend/server loads into the Express process.
 */
import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const root = import.meta.dirname;

export default defineConfig(({ isSsrBuild }) => ({
  root,
  plugins: [react()],
  publicDir: false,
  build: {
    outDir: isSsrBuild ? path.resolve(root, 'dist/server') : path.resolve(root, 'dist/client'),
    emptyOutDir: true,
    manifest: !isSsrBuild,
    sourcemap: false,
    target: 'es2022',
    chunkSizeWarningLimit: 1024,
    rollupOptions: isSsrBuild ? { input: path.resolve(root, 'src/entry-server.tsx') } : undefined,
  },
  ssr: { noExternal: isSsrBuild ? [] : undefined },
}));
