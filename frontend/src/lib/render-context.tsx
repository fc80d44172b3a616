/**
 * What a page tells the server while it renders: the HTTP status (404 for the not-found screens)
 * and the head tags (title, description, canonical, OpenGraph, JSON-LD). In the browser the same
 * hooks update document.title and the canonical link after client-side navigation.
 */
import { createContext, useContext, useEffect, type ReactNode } from 'react';

export interface HeadData {
  title: string;
  description: string;
  /**
   * Path + query of the canonical URL; the server prefixes config.publicUrl. Absent on not-found and
   * error pages: a page that asks not to be indexed names no other page as its canonical.
   */
  canonicalPath?: string;
  image?: string | null;
  ogType?: string;
  jsonLd?: object[];
  noindex?: boolean;
}

export interface RenderContext {
  status: number;
  head?: HeadData;
  publicUrl: string;
}

const Context = createContext<RenderContext | null>(null);

export function RenderContextProvider({ value, children }: { value: RenderContext | null; children: ReactNode }) {
  return <Context.Provider value={value}>{children}</Context.Provider>;
}

export function useHttpStatus(status: number): void {
  const context = useContext(Context);
  if (context && typeof window === 'undefined') context.status = status;
}

export function useSeo(head: HeadData): void {
  const context = useContext(Context);
  if (context && typeof window === 'undefined') context.head = head;
  useEffect(() => {
    document.title = head.title;
    document.querySelector('meta[name="description"]')?.setAttribute('content', head.description);
    let canonical = document.querySelector('link[rel="canonical"]');
    if (head.canonicalPath === undefined) {
      canonical?.remove();
    } else {
      const origin = canonical ? new URL(canonical.getAttribute('href') ?? '/', window.location.href).origin : window.location.origin;
      if (!canonical) {
        canonical = document.createElement('link');
        canonical.setAttribute('rel', 'canonical');
        document.head.append(canonical);
      }
      canonical.setAttribute('href', origin + encodedPath(head.canonicalPath));
    }
  }, [head.title, head.description, head.canonicalPath]);
}

export const SITE_NAME = 'Business Directory';

/**
 * A site path with its non-ASCII characters percent-encoded (/categories/カフェ ->
 * /categories/%E3%82%AB...): canonical links, JSON-LD and the sitemaps then spell every URL alike.
 * Already-encoded parts (%23) are left as they are.
 */
export function encodedPath(path: string): string {
  return path.replace(/[^\x00-\x7f]+/g, (text) => encodeURIComponent(text));
}
