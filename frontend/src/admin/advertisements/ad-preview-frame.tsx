/**
 * An ad slot's live preview: /admin/ad-preview in a 300x250 frame sandboxed with scripts but without
 * same-origin (admin-panel.ts), so the ad's code runs there with an opaque origin: no cookie, no reach
 * into the panel, and the frame's own policy rather than the panel's. When the frame's document has
 * loaded (its listener is set up by then) the panel posts it the code ({type:'ad-preview', html}),
 * again a moment after each edit. The load event, not a message from the frame: a frame that loads
 * before the panel's effects have run would say "ready" to nobody (seen in a CI run under load), while
 * React listens for an iframe's load from the moment it creates the element. The target origin is '*' because a sandboxed frame has no origin to name;
 * nothing secret is sent (the code is what the admin typed). Never a srcdoc frame: it would run under
 * the panel's policy and, with same-origin, inside the panel.
 */
import { useEffect, useRef, useState } from 'react';

export const AD_PREVIEW_PATH = '/admin/ad-preview';
/** How long typing pauses before the preview shows the new code. */
export const AD_PREVIEW_DEBOUNCE_MS = 400;

export function AdPreviewFrame({ html, title, testId }: { html: string; title: string; testId?: string }) {
  const frame = useRef<HTMLIFrameElement>(null);
  // Counts the frame's loads: a frame that reloads is sent the code again.
  const [loads, setLoads] = useState(0);
  const [shown, setShown] = useState(html);

  useEffect(() => {
    if (html === shown) return;
    const timer = window.setTimeout(() => setShown(html), AD_PREVIEW_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [html, shown]);

  useEffect(() => {
    if (loads === 0) return;
    frame.current?.contentWindow?.postMessage({ type: 'ad-preview', html: shown }, '*');
  }, [loads, shown]);

  return (
    <iframe
      ref={frame}
      className="ads-preview-frame"
      src={AD_PREVIEW_PATH}
      sandbox="allow-scripts"
      width={300}
      height={250}
      title={title}
      referrerPolicy="no-referrer"
      data-testid={testId}
      onLoad={() => setLoads((count) => count + 1)}
    />
  );
}
