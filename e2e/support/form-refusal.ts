import { expect, type Locator, type Page, type Request } from '@playwright/test';

function escaped(text: string): RegExp {
  return new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
}

/**
 * Submits a form holding an invalid value and checks what the user sees: the German message stands under the field
 * (as its accessible description, the field marked invalid), no English browser bubble, and nothing went to the
 * server – no request other than GET to a path containing `path`.
 */
export async function expectRefused(page: Page, { field, message, submit, path }: { field: Locator; message: string; submit: Locator; path: string }) {
  const sent: string[] = [];
  const record = (request: Request) => {
    if (request.method() !== 'GET' && request.url().includes(path)) sent.push(`${request.method()} ${request.url()}`);
  };
  page.on('request', record);
  try {
    await submit.click();
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toHaveAccessibleDescription(escaped(message));
    // The browser's own check is off, so it never shows its English bubble.
    expect(await field.evaluate((element) => element.closest('form')?.noValidate)).toBe(true);
  } finally {
    page.off('request', record);
  }
  expect(sent).toEqual([]);
}
