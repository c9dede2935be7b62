// Issue 28's layout checks of a screen or state, at every project's size: the page is no wider than
// the screen (a wide table scrolls in its own box), and on a touch screen every tap target is at least
// 44×44 px. Used by the accessibility walks' `state_` (a11y-audit.ts) and by layout.spec.ts.
import type { Page, TestInfo } from '@playwright/test';

/** The smallest tap target on a touch screen (WCAG 2.5.5, issue 28). */
export const MIN_TARGET = 44;

/** Whether the test's project is a touch screen (tablet, handheld). */
export const isTouch = (testInfo: TestInfo) => testInfo.project.use.hasTouch === true;

/**
 * What does not fit: the page wider than the window, and (touch) each visible tap target under 44 px
 * with its name and size. A checkbox, radio or switch is measured by its label (the whole label is
 * its target); links inside running text are exempt, as WCAG's inline exception says.
 */
export async function layoutProblems(page: Page, options: { touch: boolean }): Promise<string[]> {
  return page.evaluate(
    ({ touch, min }) => {
      const problems: string[] = [];
      const doc = document.scrollingElement!;
      if (doc.scrollWidth > window.innerWidth + 1)
        problems.push(`the page is ${doc.scrollWidth} px wide on a ${window.innerWidth} px screen`);
      // The fixed header is not part of the page's scroll width: an entry past the screen's edge (the
      // admin's user menu at 360 px) is out of reach all the same. One inside a box that scrolls and fits is in reach.
      const inScrollBox = (el: HTMLElement) => {
        for (let p = el.parentElement; p && p.tagName !== 'HEADER'; p = p.parentElement)
          if (getComputedStyle(p).overflowX !== 'visible' && p.getBoundingClientRect().right <= window.innerWidth + 1) return true;
        return false;
      };
      for (const el of Array.from(document.querySelectorAll<HTMLElement>('header *'))) {
        const r = el.getBoundingClientRect();
        if (r.width > 2 && r.right > window.innerWidth + 1 && !inScrollBox(el)) {
          const name = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40) || el.tagName;
          problems.push(`the header's "${name}" ends at ${Math.round(r.right)} px on a ${window.innerWidth} px screen`);
          break;
        }
      }
      if (!touch) return problems;
      const selector = [
        'button',
        'a[href]',
        'input:not([type="hidden"])',
        'select',
        'textarea',
        '[role="button"]',
        '[role="tab"]',
        '[role="option"]',
        '[role="menuitem"]',
        '[role="switch"]',
        '[role="checkbox"]',
        '[role="radio"]',
      ].join(',');
      const seen = new Set<Element>();
      for (const el of Array.from(document.querySelectorAll<HTMLElement>(selector))) {
        let target: HTMLElement = el;
        // A text field is tapped anywhere in its box (a password's or a multi-select's inner input is smaller).
        if ((el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement) && !['checkbox', 'radio'].includes(el.type))
          target = el.closest<HTMLElement>('.mantine-Input-wrapper') ?? el;
        if (el instanceof HTMLInputElement && ['checkbox', 'radio'].includes(el.type)) {
          target = el.closest<HTMLElement>('label') ?? el.closest<HTMLElement>('[class*="-body"]') ?? el;
          if (target === el && el.id) target = document.querySelector<HTMLElement>(`label[for="${el.id}"]`) ?? el;
        }
        if (seen.has(target)) continue;
        seen.add(target);
        const style = getComputedStyle(target);
        if (style.visibility === 'hidden' || target.closest('[aria-hidden="true"], [inert]')) continue;
        const r = target.getBoundingClientRect();
        // Not on screen (a closed panel, visually hidden text): not a target.
        if (r.width <= 2 || r.height <= 2) continue;
        if (r.bottom < 0 || r.right < 0 || r.top > window.innerHeight + doc.scrollHeight || r.left > doc.scrollWidth) continue;
        // A link inside a sentence (WCAG 2.5.5's inline exception).
        if (target.tagName === 'A' && target.parentElement?.closest('p, li') && style.display === 'inline') continue;
        if (r.width + 0.5 < min || r.height + 0.5 < min) {
          const name = (target.getAttribute('aria-label') ?? target.textContent ?? '').trim().slice(0, 40) || target.tagName;
          problems.push(`tap target "${name}" is ${Math.round(r.width)}×${Math.round(r.height)} px`);
        }
      }
      return problems;
    },
    { touch: options.touch, min: MIN_TARGET },
  );
}
