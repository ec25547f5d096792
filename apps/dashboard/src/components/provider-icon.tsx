import type { JSX } from 'preact';
import { useState } from 'preact/hooks';

/*
 * A small picture per platform: simple drawings of this dashboard's own, in a 16×16 box, in a
 * colour of each platform's. Shown beside the platform's name, so hidden from screen readers
 * unless given a label.
 */

interface Drawing {
  color: string;
  shapes: JSX.Element;
}

const WHITE = '#fff';

const DRAWINGS: Record<string, Drawing> = {
  sandbox: {
    color: '#8a6d3b',
    shapes: (
      <>
        <path d="M2 7h12l-1.5 7h-9z" fill="currentColor" />
        <circle cx="6" cy="4" r="1" fill="currentColor" />
        <circle cx="9" cy="3" r="1" fill="currentColor" />
        <circle cx="11" cy="5" r="1" fill="currentColor" />
      </>
    ),
  },
  bluesky: {
    color: '#1185fe',
    shapes: (
      <>
        <path d="M8 8C6 4 3 2 1.5 3S2 8 5 9c-2 1-2 3-.5 4S8 11 8 8z" fill="currentColor" />
        <path d="M8 8c2-4 5-6 6.5-5S14 8 11 9c2 1 2 3 .5 4S8 11 8 8z" fill="currentColor" />
      </>
    ),
  },
  mastodon: {
    color: '#6364ff',
    shapes: (
      <>
        <path d="M2 4.5C2 2.5 3.5 1.5 8 1.5s6 1 6 3V9c0 2-1.5 3-5 3H7c0 1 1 2 4 1.5v1.5c-5 1-7-1-7-3.5H4C2.5 11.5 2 10.5 2 9z" fill="currentColor" />
        <path d="M5 9.5V6a1.5 1.5 0 0 1 3 0 1.5 1.5 0 0 1 3 0v3.5" stroke={WHITE} stroke-width="1.3" fill="none" />
      </>
    ),
  },
  telegram: {
    color: '#229ed9',
    shapes: (
      <>
        <circle cx="8" cy="8" r="7" fill="currentColor" />
        <path d="M3.5 7.8l8-3.2-1.4 7-2.6-2-1.3 1.3-.3-2.4z" fill={WHITE} />
      </>
    ),
  },
  discord: {
    color: '#5865f2',
    shapes: (
      <>
        <path d="M3 3.5C5 2.5 6 2.5 6.5 3h3C10 2.5 11 2.5 13 3.5c1.5 2.5 2 5 1.8 8-1 1-2.3 1.5-3.3 1.5l-.8-1.3C9.5 12 6.5 12 5.3 11.7l-.8 1.3C3.5 13 2.2 12.5 1.2 11.5 1 8.5 1.5 6 3 3.5z" fill="currentColor" />
        <circle cx="5.8" cy="8" r="1.2" fill={WHITE} />
        <circle cx="10.2" cy="8" r="1.2" fill={WHITE} />
      </>
    ),
  },
  linkedin: {
    color: '#0a66c2',
    shapes: (
      <>
        <rect x="1" y="1" width="14" height="14" rx="2.5" fill="currentColor" />
        <rect x="3.5" y="6.5" width="2" height="6" fill={WHITE} />
        <circle cx="4.5" cy="4.3" r="1.2" fill={WHITE} />
        <path d="M7.5 12.5v-6h2v1c.5-.8 1.3-1.2 2.2-1.2 1.3 0 1.8.9 1.8 2.4v3.8h-2V9.2c0-.7-.3-1-.8-1s-1.2.4-1.2 1.2v3.1z" fill={WHITE} />
      </>
    ),
  },
  x: {
    color: '#111',
    shapes: <path d="M2.5 2h3l8 12h-3zM13 2 3 14" stroke="currentColor" stroke-width="1.6" fill="none" />,
  },
  facebook: {
    color: '#1877f2',
    shapes: (
      <>
        <circle cx="8" cy="8" r="7" fill="currentColor" />
        <path d="M9 15V9.5h1.8l.3-2H9V6.3c0-.6.2-1 1-1h1.2V3.5C10.8 3.4 10.3 3.4 9.7 3.4 8.2 3.4 7 4.3 7 6v1.5H5.3v2H7V15z" fill={WHITE} />
      </>
    ),
  },
  instagram: {
    color: '#d6249f',
    shapes: (
      <>
        <rect x="1.5" y="1.5" width="13" height="13" rx="4" stroke="currentColor" stroke-width="1.6" fill="none" />
        <circle cx="8" cy="8" r="3" stroke="currentColor" stroke-width="1.6" fill="none" />
        <circle cx="11.8" cy="4.2" r="0.9" fill="currentColor" />
      </>
    ),
  },
  threads: {
    color: '#000',
    shapes: (
      <path
        d="M11 7.5C10.6 5.5 9.5 4.5 8 4.5 6 4.5 4.5 6 4.5 8.5S6 12.5 8 12.5c2.5 0 4-1.5 4-3.5 0-1.5-1.5-2.5-3.5-2.5C7 6.5 6.5 7.5 6.5 8.3S7.3 9.8 8.3 9.6c1.2-.2 1.7-1.3 1.7-2.6V6"
        stroke="currentColor"
        stroke-width="1.5"
        fill="none"
        stroke-linecap="round"
      />
    ),
  },
  youtube: {
    color: '#ff0000',
    shapes: (
      <>
        <rect x="0.5" y="3" width="15" height="10" rx="3" fill="currentColor" />
        <path d="M6.5 5.5v5l4.3-2.5z" fill={WHITE} />
      </>
    ),
  },
  tiktok: {
    color: '#111',
    shapes: <path d="M9 1.5v9a2.5 2.5 0 1 1-2.5-2.5M9 1.5c.5 2 2 3.3 4 3.5" stroke="currentColor" stroke-width="1.8" fill="none" stroke-linecap="round" />,
  },
  pinterest: {
    color: '#e60023',
    shapes: (
      <>
        <circle cx="8" cy="8" r="7" fill="currentColor" />
        <path d="M7.6 4.2c2 0 3.4 1.3 3.4 3 0 2-1.2 3.3-2.6 3.3-.7 0-1.2-.4-1.4-.9L6.4 13H5.2l1.3-5.4c-.2-.3-.2-.7-.2-1C6.3 5.4 7 4.2 7.6 4.2z" fill={WHITE} />
      </>
    ),
  },
  reddit: {
    color: '#ff4500',
    shapes: (
      <>
        <ellipse cx="8" cy="9.8" rx="6" ry="4.2" fill="currentColor" />
        <path d="M8 5.6 9 2l3 .8" stroke="currentColor" stroke-width="1.1" fill="none" />
        <circle cx="12.6" cy="2.8" r="1.2" fill="currentColor" />
        <circle cx="5.8" cy="9.2" r="1" fill={WHITE} />
        <circle cx="10.2" cy="9.2" r="1" fill={WHITE} />
        <path d="M5.8 11.6c1.3.9 3.1.9 4.4 0" stroke={WHITE} stroke-width="0.9" fill="none" stroke-linecap="round" />
      </>
    ),
  },
};

/** A platform's drawing; a platform without one gets a plain dot. `label` makes it an image with that name, else it is hidden from assistive technology. */
export function ProviderIcon({ provider, label, size = 16 }: { provider: string; label?: string; size?: number }) {
  const drawing = DRAWINGS[provider] ?? { color: '#6b7280', shapes: <circle cx="8" cy="8" r="5" fill="currentColor" /> };
  const naming = label ? { role: 'img' as const, 'aria-label': label } : { 'aria-hidden': true };
  return (
    <svg class="provider-icon" data-provider={provider} width={size} height={size} viewBox="0 0 16 16" style={{ color: drawing.color }} focusable="false" {...naming}>
      {drawing.shapes}
    </svg>
  );
}

/** The platforms with a drawing of their own. */
export const DRAWN_PROVIDERS = Object.keys(DRAWINGS);

/**
 * An account's picture, as its platform reported it at connect (decorative: the name is beside
 * it), or its platform's drawing when it has none or the picture does not load.
 */
export function AccountPicture({ account }: { account: { provider: string; avatar_url?: string | null } }) {
  const [broken, setBroken] = useState(false);
  if (!account.avatar_url || broken) return <ProviderIcon provider={account.provider} size={20} />;
  return <img class="avatar" src={account.avatar_url} alt="" width={20} height={20} referrerpolicy="no-referrer" onError={() => setBroken(true)} />;
}
