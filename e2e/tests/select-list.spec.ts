/**
 * A select's list taller than the room it has (a small phone, the booking's party size): it scrolls in place. The
 * options do not move as it starts scrolling, a pointer resting at its bottom edge does not scroll it by itself, and
 * a click lands on the option under it. (With Radix's scroll buttons a button appeared once the list scrolled, pushing
 * the options down, and one under a resting pointer scrolled the list on its own: CI once clicked an option that
 * was no longer there and the list stayed open.)
 */
import { expect, test, type Locator } from '@playwright/test';
import { skipWelcome } from './welcome.ts';

test.use({ viewport: { width: 390, height: 480 } });

/**
 * The list's scrolling box (the listbox or a box inside it): how far it is scrolled, how far it can go, and where its
 * second option is on the screen, read in one go (so a scroll still running cannot come between them).
 */
function scroller(list: Locator) {
  return list.evaluate((el) => {
    const box = [el, ...el.querySelectorAll<HTMLElement>('*')].find((e) => {
      const y = getComputedStyle(e).overflowY;
      return (y === 'auto' || y === 'scroll') && e.scrollHeight > e.clientHeight + 1;
    });
    const second = el.querySelectorAll('[role="option"]')[1]?.getBoundingClientRect().y ?? NaN;
    return box ? { top: box.scrollTop, max: box.scrollHeight - box.clientHeight, second } : null;
  });
}

test('a long list scrolls in place: nothing scrolls it by itself, options stay put, a click picks the one under it', async ({
  page,
}) => {
  await skipWelcome(page);
  await page.goto('/bistro/reservations');
  const trigger = page.getByRole('combobox', { name: 'Брой хора' });
  await trigger.click();
  const list = page.getByRole('listbox');
  await expect(list).toBeVisible();
  const options = list.getByRole('option');
  const last = options.last();
  expect(await options.count(), 'party sizes offered').toBeGreaterThan(3);
  const start = await scroller(list);
  expect(start, 'the list is taller than its room (else this proves nothing)').not.toBeNull();
  expect(start!.max).toBeGreaterThan(20);

  // The pointer rests on the list's bottom edge: the list stays where it is.
  const box = (await list.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height - 4);
  await page.waitForTimeout(600);
  expect((await scroller(list))?.top, 'a resting pointer scrolled the list').toBe(start!.top);

  // Scrolled a little by the wheel, the options move by just as much: nothing appears above them and pushes them.
  await page.mouse.wheel(0, 12);
  await expect.poll(async () => (await scroller(list))?.top).toBeGreaterThan(start!.top);
  const moved = (await scroller(list))!;
  expect(Math.round(start!.second - moved.second), 'the options moved by more or less than the scroll').toBe(
    Math.round(moved.top - start!.top),
  );
  await page.mouse.wheel(0, 2000);
  await expect.poll(async () => (await scroller(list))?.top).toBe(start!.max);

  // A click on the last option picks it and closes the list.
  const label = (await last.innerText()).trim();
  const at = (await last.boundingBox())!;
  await page.mouse.click(at.x + at.width / 2, at.y + at.height / 2);
  await expect(list).toBeHidden();
  await expect(trigger).toHaveText(label);
});
