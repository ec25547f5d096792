import type { Locator, Page } from 'playwright-core';

/** The phone a new user tried the dashboard on: 390 by 844 CSS pixels. */
export const PHONE = { width: 390, height: 844 };

export interface SidewaysOverflow {
  /** The page's scrolling width and the viewport's width (no sideways scroll when the first is at most the second). */
  scrollWidth: number;
  clientWidth: number;
  /** Shown elements wider than the viewport, or past its right edge, outside any container that scrolls sideways. */
  wide: string[];
}

/**
 * Measures, in the page, what sticks out sideways: the page's scrolling width, and every shown
 * element (or text, for a word longer than its box) past the viewport's right edge or wider than it that no ancestor scrolls sideways for
 * (`overflow-x: auto` or `scroll`, as the week view's container does) and that is not inside a
 * visually hidden box (clipped to a pixel: a table's head at phone width). Elements moved off the
 * left edge on purpose (the skip link) stick out of nothing a user scrolls to.
 */
const MEASURE = `(() => {
  const root = document.scrollingElement;
  const width = root.clientWidth;
  const scrollsSideways = (element) => ['auto', 'scroll'].includes(getComputedStyle(element).overflowX);
  // Visually hidden (a table's head at phone width, a caption): clipped to a pixel, read by screen readers only.
  const visuallyHidden = (element) => {
    const style = getComputedStyle(element);
    const box = element.getBoundingClientRect();
    return style.overflow !== 'visible' && box.width <= 1 && box.height <= 1;
  };
  const contained = (element) => {
    for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) if (scrollsSideways(parent) || visuallyHidden(parent)) return true;
    return false;
  };
  const describe = (element, box) => {
    const name = element.tagName.toLowerCase() + (element.id ? '#' + element.id : '') + (typeof element.className === 'string' && element.className ? '.' + element.className.trim().split(/\\s+/).join('.') : '');
    const text = Array.from((element.getAttribute('aria-label') || element.textContent || '').trim().replace(/\\s+/g, ' ')).slice(0, 40).join('');
    return name + ' "' + text + '" from ' + Math.round(box.left) + ' to ' + Math.round(box.right) + ' px';
  };
  const wide = [];
  for (const element of document.body.querySelectorAll('*')) {
    const box = element.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) continue;
    if (box.right <= width + 0.5 && box.width <= width + 0.5) continue;
    if (contained(element)) continue;
    wide.push(describe(element, box));
  }
  // A word too long for its box overflows it as text: no element's box shows it, the text's own does.
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const range = document.createRange();
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.textContent.trim() || !node.parentElement) continue;
    range.selectNodeContents(node);
    const box = range.getBoundingClientRect();
    if (box.width === 0 || box.height === 0 || box.right <= width + 0.5) continue;
    const parent = node.parentElement;
    if (scrollsSideways(parent) || visuallyHidden(parent) || contained(parent)) continue;
    wide.push('text in ' + describe(parent, box));
  }
  return { scrollWidth: root.scrollWidth, clientWidth: width, wide };
})()`;

export async function sidewaysOverflow(page: Page): Promise<SidewaysOverflow> {
  return (await page.evaluate(MEASURE)) as SidewaysOverflow;
}

/** The main navigation's menu button (shown at phone width). */
export function menuButton(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Menu', exact: true });
}

/** What the top of the page shows at phone width: the menu's state, whether the links show, and the header's height. */
export async function navigationState(page: Page): Promise<{ expanded: string | null; postsLinkShown: boolean; headerHeight: number }> {
  const button = menuButton(page);
  await button.waitFor();
  const box = await page.locator('header.top').boundingBox();
  return {
    expanded: await button.getAttribute('aria-expanded'),
    postsLinkShown: await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Posts', exact: true }).isVisible(),
    headerHeight: box?.height ?? 0,
  };
}
