import { AxeBuilder } from '@axe-core/playwright';
import { expect, test as base, type Page } from '@playwright/test';
import { goInside, settled } from './floor-rules';
import { VISITS } from './floor-pages';
import { seedFloor, type FloorSeed } from './floor-seed';
import { booted, logInAs } from './support';

// Accessible pages (issue 31): every business screen of the floor sweep (floor-pages.ts, with
// the rows of floor-seed.ts) and the login page, in German and English, light and dark, at a
// desktop's 1440 px, checked by axe-core (WCAG 2.x A/AA and best practices): no serious or
// critical violation (contrast, names of buttons, links and fields, ARIA, …). And the page's
// structure, which axe rates lower: exactly one h1 (the page's title), the landmarks of the
// skeleton (banner, navigation, main), and every button with a name (icon-only ones by their
// aria-label). One browser per language; each page is checked light, then switched to dark by
// the top bar's button and its colours checked again (the themes differ in colours only).
// Every finding of every page is collected before the test fails.

/** The seed is made once per worker (a worker restarted after a failure makes its own). */
const test = base.extend<object, { seed: FloorSeed }>({
  seed: [
    async ({ browser }, provide) => {
      const context = await browser.newContext();
      await logInAs(context, 'admin');
      const seed = await seedFloor(context);
      await context.close();
      await provide(seed);
    },
    { scope: 'worker', timeout: 60_000 },
  ],
});

/** The WCAG 2.x A/AA rules and axe's best practices. */
const ALL_RULES = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/** What differs between the themes: the colours only (the same elements, other classes). */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/**
 * The findings on the page shown now: axe's serious and critical ones, then the structure's.
 * `colours`: only the rules about colours (the dark theme: the other rules see the same page
 * as in the light one). `shellChecked`: the side menu and the top bar, the same on every
 * page, were checked on the first page of this run.
 */
async function findings(
  page: Page,
  { colours, shellChecked }: { colours: boolean; shellChecked: boolean },
): Promise<string[]> {
  // axe.run in the page itself (legacy mode): Kontor has no frames, and the default
  // (runPartial, then finishRun in a new blank page) costs a page per check. The options go
  // first: options() replaces what withTags/withRules set.
  let axe = new AxeBuilder({ page }).setLegacyMode().options({ resultTypes: ['violations'] });
  axe = colours ? axe.withRules(COLOUR_RULES) : axe.withTags(ALL_RULES);
  if (shellChecked) axe = axe.exclude('#kontor-menu').exclude('#kontor-topbar');
  const { violations } = await axe.analyze();
  const found = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes
          .slice(0, 4)
          .map((node) => `${node.target.join(' ')}: ${node.failureSummary?.split('\n')[1]?.trim()}`)
          .join('; ')}${v.nodes.length > 4 ? ` … ${v.nodes.length} in all` : ''}`,
    );
  found.push(
    ...(await page.evaluate((shellChecked) => {
      const problems: string[] = [];
      // oxlint-disable-next-line unicorn/consistent-function-scoping -- runs inside the page
      const shown = (e: Element) => e.checkVisibility();
      const h1 = [...document.querySelectorAll('h1')].filter(shown);
      if (h1.length !== 1)
        problems.push(
          `${h1.length} h1 (${h1.map((h) => `"${h.textContent}"`).join(', ')}), not one`,
        );
      for (const [selector, landmark] of [
        ['header#kontor-topbar, [role="banner"]', 'banner'],
        ['nav, [role="navigation"]', 'navigation'],
        ['main, [role="main"]', 'main'],
      ] as const)
        if (document.querySelectorAll(selector).length === 0)
          problems.push(`no ${landmark} landmark`);
      for (const button of document.querySelectorAll('button, [role="button"]')) {
        if (!shown(button)) continue;
        if (shellChecked && button.closest('#kontor-menu, #kontor-topbar')) continue;
        const labelled = button.getAttribute('aria-labelledby');
        const name =
          button.getAttribute('aria-label') ??
          (labelled ? document.getElementById(labelled)?.textContent : null) ??
          button.getAttribute('title') ??
          button.textContent;
        if (!name?.trim())
          problems.push(`a button without a name: ${button.outerHTML.slice(0, 160)}`);
      }
      return problems;
    }, shellChecked)),
  );
  return found;
}

/**
 * The pages where the side menu and the top bar are checked too (elsewhere they are the same):
 * the dashboard (its menu item active) and the users (a menu group open, a child active).
 * Logged out (/login) they differ, and are checked there as well.
 */
const SHELL_PAGES = new Set(['dashboard', 'users']);

for (const language of ['de', 'en'] as const) {
  const named = language === 'de' ? 'German' : 'English';
  test(`accessible pages in ${named}, light and dark: axe finds nothing serious, one h1, landmarks, named buttons`, async ({
    browser,
    seed,
  }) => {
    test.setTimeout(180_000);
    const context = await browser.newContext({
      viewport: { width: 1440, height: 900 },
      locale: language === 'de' ? 'de-DE' : 'en-GB',
    });
    await context.addInitScript((locale) => {
      localStorage.setItem('dark', 'false');
      localStorage.setItem('locale', locale);
    }, language);
    const page = await context.newPage();
    const broken: string[] = [];
    let missingH1 = false;
    /** The top bar's own dark-mode button, pressed (as a click, without the hover's tooltip). */
    const theme = async (dark: boolean) => {
      await page.evaluate(() =>
        document.querySelector<HTMLButtonElement>('#kontor-topbar button[aria-pressed]')!.click(),
      );
      await expect(page.locator('body')).toHaveClass(dark ? /\bbp6-dark\b/ : /^(?!.*\bbp6-dark\b)/);
    };
    /** Colours are measured at rest: a page's fade-in (200 ms) and transitions have ended. */
    const atRest = async () => {
      await page.evaluate(() =>
        Promise.all(
          document
            .getAnimations()
            .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
            .map((a) => a.finished.catch(() => {})),
        ),
      );
      await settled(page);
    };
    /** The page shown now, light (every rule), then dark (the colours), then light again. */
    const check = async (name: string, withShell: boolean) => {
      for (const dark of [false, true]) {
        if (dark) await theme(true);
        await atRest();
        const found = await findings(page, { colours: dark, shellChecked: !withShell });
        broken.push(...found.map((finding) => `${name}, ${dark ? 'dark' : 'light'}: ${finding}`));
      }
      await theme(false);
    };

    // Logged out: the login page.
    await page.goto('/login');
    await booted(page);
    await expect(page.locator('#login-email')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await check('login', true);

    await logInAs(context, 'admin');
    await page.goto('/');
    await booted(page);
    await check('home', false);
    for (const visit of VISITS) {
      const path = visit.path(seed);
      await test.step(`${visit.name}: ${path}`, async () => {
        // The title of the page left behind is marked: the next page is the one with a
        // title of its own (its records shown, not the last page's).
        await page.evaluate(() =>
          document
            .querySelectorAll('#kontor-content h1')
            .forEach((h) => h.setAttribute('data-a11y-left', '')),
        );
        await goInside(page, path);
        await page
          .locator('#kontor-content h1:not([data-a11y-left])')
          .first()
          // Once a page had none, the others are not waited for as long (a run names all).
          .waitFor({ timeout: missingH1 ? 1_000 : 5_000 })
          .catch(() => {
            missingH1 = true;
            broken.push(`${visit.name}: no h1 of its own`);
          });
        await visit.ready(page, seed);
        await check(`${visit.name} (${path})`, SHELL_PAGES.has(visit.name));
      });
    }
    await context.close();
    expect(broken, `accessibility at 1440px in ${named}`).toEqual([]);
  });
}
