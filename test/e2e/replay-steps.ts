import type { Page } from '@playwright/test';
import { expect } from './app-server.ts';

/** The book replay's player. */
const player = (page: Page) => page.getByTestId('replay-player');

/**
 * Waits until a seek has landed (the panes draw the clock's own time: they keep the frame shown
 * before while the new one loads), presses ArrowRight, and waits until the clock has moved and
 * its frame is drawn.
 */
export async function stepRightDrawn(page: Page): Promise<void> {
  await expect.poll(async () => (await player(page).getAttribute('data-drawn-at')) === (await player(page).getAttribute('data-time')), { timeout: 30_000 }).toBe(true);
  const before = await player(page).getAttribute('data-time');
  await page.locator('body').press('ArrowRight');
  await expect
    .poll(async () => {
      const time = await player(page).getAttribute('data-time');
      return time !== before && (await player(page).getAttribute('data-drawn-at')) === time;
    }, { timeout: 30_000 })
    .toBe(true);
}
