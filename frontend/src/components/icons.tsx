/** Small inline SVG icons (no emoji: systems without an emoji font show empty boxes). */
const paths = {
  building: 'M4 21V3h11v5h5v13H4zm2-2h3v-3h2v3h2V5H6v14zm9 0h3V10h-3v9zM8 7h2v2H8V7zm0 4h2v2H8v-2zm3-4h2v2h-2V7zm0 4h2v2h-2v-2z',
  map: 'M15 5.1 9 3 3 5v16l6-2.1 6 2.1 6-2V3l-6 2.1zM10 5.5l4 1.4v11.6l-4-1.4V5.5zM5 6.4l3-1v11.6l-3 1V6.4zm14 11.2-3 1V7l3-1v11.6z',
  search: 'M10 2a8 8 0 0 1 6.3 12.9l5.4 5.4-1.4 1.4-5.4-5.4A8 8 0 1 1 10 2zm0 2a6 6 0 1 0 0 12 6 6 0 0 0 0-12z',
  check: 'M12 2a10 10 0 1 1 0 20 10 10 0 0 1 0-20zm4.3 6.3L10.5 14l-2.8-2.8-1.4 1.4 4.2 4.2 7.2-7.1-1.4-1.4z',
  phone: 'M6.6 10.8a15 15 0 0 0 6.6 6.6l2.2-2.2c.3-.3.7-.4 1-.2 1.1.4 2.3.6 3.6.6.6 0 1 .4 1 1V20c0 .6-.4 1-1 1A17 17 0 0 1 3 4c0-.6.4-1 1-1h3.5c.6 0 1 .4 1 1 0 1.3.2 2.5.6 3.6.1.3 0 .7-.2 1l-2.3 2.2z',
} as const;

export type IconName = keyof typeof paths;

export function Icon({ name, size = 24, label }: { name: IconName; size?: number; label?: string }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" fill="currentColor" role={label ? 'img' : undefined} aria-label={label} aria-hidden={label ? undefined : true} focusable="false">
      <path d={paths[name]} />
    </svg>
  );
}
