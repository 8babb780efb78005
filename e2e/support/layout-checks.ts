import type { Page } from '@playwright/test';

/** Badges whose text does not fit (cut to „KRITIS…“ or clipped), as their text. */
export function clippedBadges(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('.mantine-Badge-root, .mantine-Badge-label')]
      .filter((badge) => badge.scrollWidth > badge.clientWidth + 1)
      .map((badge) => badge.textContent ?? ''),
  );
}

/**
 * Elements that stick out of their card on the right: a cut-off button or text. Content inside a horizontal
 * scroll container (wide tables) is meant to scroll and is not counted.
 */
export function overflowingCardContent(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    for (const card of document.querySelectorAll<HTMLElement>('.mantine-Card-root')) {
      const edge = card.getBoundingClientRect().right + 1;
      for (const element of card.querySelectorAll<HTMLElement>('*')) {
        if (element.closest('.mantine-ScrollArea-root, .mantine-Table-scrollContainer, [data-scroll]')) continue;
        const box = element.getBoundingClientRect();
        if (box.width > 0 && box.right > edge) found.push(`${element.tagName.toLowerCase()}: ${(element.textContent ?? '').slice(0, 40)}`);
      }
    }
    return found;
  });
}

/** How far the page scrolls sideways (0 when it fits the viewport). */
export function sidewaysScroll(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

/** The elements reaching past the right edge of the viewport (to say what makes a page scroll sideways). */
export function pastViewport(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.body.querySelectorAll<HTMLElement>('*')]
      .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 1)
      .slice(-8)
      .map((element) => `${element.tagName.toLowerCase()}.${[...element.classList].join('.')} ${Math.round(element.getBoundingClientRect().right)}px: ${(element.textContent ?? '').slice(0, 40)}`),
  );
}

/** Fails with the elements that stick out when the page scrolls sideways. */
export async function expectNoSidewaysScroll(page: Page, name: string): Promise<void> {
  // Right after a viewport change the layout may still be settling (navbar collapse, tables re-measuring): give it a
  // moment before judging.
  let overflow = await sidewaysScroll(page);
  for (let attempt = 0; overflow > 0 && attempt < 20; attempt++) {
    await page.waitForTimeout(150);
    overflow = await sidewaysScroll(page);
  }
  if (overflow > 0) throw new Error(`${name} scrolls ${overflow}px sideways: ${(await pastViewport(page)).join(' | ')}`);
}
