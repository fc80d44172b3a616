/**
 * Who looks at a public page: a visitor, or a signed-in admin (DESIGN §5a, §7). The server knows from
 * the session cookie, renders with it and marks the document (`<html data-viewer="admin">`), so the
 * browser's first render agrees. An admin sees what is only for admins (an empty ad slot's placeholder);
 * visitors never do. Pages rendered for an admin are never cached.
 */
import { createContext, useContext, type ReactNode } from 'react';

export type Viewer = 'visitor' | 'admin';

const ViewerContext = createContext<Viewer>('visitor');

export function ViewerProvider({ viewer, children }: { viewer: Viewer; children: ReactNode }) {
  return <ViewerContext.Provider value={viewer}>{children}</ViewerContext.Provider>;
}

export function useViewer(): Viewer {
  return useContext(ViewerContext);
}

/** In the browser: what the server rendered the page for. */
export function viewerOfDocument(): Viewer {
  return document.documentElement.dataset.viewer === 'admin' ? 'admin' : 'visitor';
}
