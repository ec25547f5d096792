/**
 * Phone widths: where the navigation collapses behind its menu button and the calendar opens as an
 * agenda. styles.css names the same width in its `@media (max-width: 640px)` rules.
 */
export const PHONE_WIDTH_QUERY = '(max-width: 640px)';

/** Whether the window is at phone width now. */
export const isPhoneWidth = (): boolean => typeof window.matchMedia === 'function' && window.matchMedia(PHONE_WIDTH_QUERY).matches;
