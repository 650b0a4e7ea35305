import type { Page } from '@playwright/test';
import { expect } from './app-server.ts';

/** Settings → Remote → base URL, as a person does it; waits until the status bar names the host. */
export async function useRemote(page: Page, baseUrl: string): Promise<void> {
  await page.keyboard.press('Control+,');
  await page.getByRole('radio', { name: /Remote Market Data Service/ }).check();
  await page.getByRole('textbox', { name: 'Base URL' }).fill(baseUrl);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByTestId('status-source')).toContainText(new URL(baseUrl).host);
}

/** Settings → API key, as a person does it; waits until the key status names its last four characters. */
export async function saveKey(page: Page, key: string): Promise<void> {
  await page.keyboard.press('Control+,');
  await page.getByLabel(/New key/).fill(key);
  await page.getByRole('button', { name: 'Save key' }).click();
  await expect(page.getByTestId('key-status')).toContainText(`ending in ${key.slice(-4)}`);
}
