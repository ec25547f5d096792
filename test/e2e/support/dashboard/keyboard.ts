import type { Page } from 'playwright-core';

/** What a Tab press reached: the element, and whether its focus shows (an outline or a shadow). */
interface Stop {
  key: string;
  shows: boolean;
}

const MARK = 'data-keyboard-check';

/**
 * Marks every control a pointer can use (links, buttons, fields, summaries, anything with a
 * tabindex of 0 or more) that is shown and enabled; radios of a group count once, as Tab stops once.
 */
const MARK_CONTROLS = `(() => {
  const selector = 'a[href], button, input:not([type=hidden]), select, textarea, summary, [tabindex]:not([tabindex="-1"]), [contenteditable=true]';
  const seenGroups = new Set();
  const marked = [];
  let n = 0;
  for (const element of document.querySelectorAll(selector)) {
    if (element.disabled || element.closest('[inert]') || element.closest('details:not([open]) > :not(summary)')) continue;
    const box = element.getBoundingClientRect();
    const style = getComputedStyle(element);
    if ((box.width === 0 && box.height === 0) || style.visibility === 'hidden' || style.display === 'none') continue;
    if (element.type === 'radio' && element.name) {
      if (seenGroups.has(element.name)) continue;
      seenGroups.add(element.name);
      for (const radio of document.getElementsByName(element.name)) radio.setAttribute('${MARK}', 'radio:' + element.name);
      marked.push('radio:' + element.name);
      continue;
    }
    const key = element.tagName.toLowerCase() + '#' + n++ + ' ' + (element.getAttribute('aria-label') || element.textContent || element.id || element.name || '').trim().slice(0, 40);
    element.setAttribute('${MARK}', key);
    marked.push(key);
  }
  return marked;
})()`;

const FOCUSED = `(() => {
  const element = document.activeElement;
  if (!element || element === document.body) return null;
  const style = getComputedStyle(element);
  const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
  return { key: element.getAttribute('${MARK}') || element.tagName.toLowerCase() + ' (unmarked)', shows: outline || style.boxShadow !== 'none' };
})()`;

export interface KeyboardSweep {
  /** Controls no Tab press reached. */
  unreached: string[];
  /** Controls reached whose focus does not show. */
  invisible: string[];
  /** The Tab order, as reached. */
  order: string[];
}

/**
 * Presses Tab from the top of the page until the focus leaves the page or comes back around,
 * and compares the controls reached with the controls shown.
 */
export async function sweepWithTab(page: Page, limit = 400): Promise<KeyboardSweep> {
  const controls = (await page.evaluate(MARK_CONTROLS)) as string[];
  // A starting point before everything else, out of the Tab order itself.
  await page.evaluate(`(() => {
    const start = document.createElement('span');
    start.tabIndex = -1;
    start.id = 'keyboard-check-start';
    document.body.prepend(start);
    start.focus();
  })()`);
  const order: string[] = [];
  const invisible = new Set<string>();
  for (let press = 0; press < limit; press++) {
    await page.keyboard.press('Tab');
    const stop = (await page.evaluate(FOCUSED)) as Stop | null;
    if (!stop) {
      if (order.length > 0) break;
      continue;
    }
    if (order.at(-1) === stop.key) continue; // a date or time field's parts: one control
    if (order.includes(stop.key)) break;
    order.push(stop.key);
    if (!stop.shows) invisible.add(stop.key);
  }
  await page.evaluate(`document.getElementById('keyboard-check-start')?.remove(); document.querySelectorAll('[${MARK}]').forEach((element) => element.removeAttribute('${MARK}'))`);
  return { unreached: controls.filter((key) => !order.includes(key)), invisible: [...invisible], order };
}
