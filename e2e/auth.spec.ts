// SPEC §2.2–2.6: login, session, top bar, change password, forgotten password, logout.
import { test, expect, linkIn, loginViaUi, logoutViaUi } from './support/index';

test.describe('login', () => {
  test('the form validates on submit, focuses the username and shows the logo and title', async ({ page, takeScreenshot }) => {
    await page.goto('/auth/login');
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await expect(page.getByAltText('Returns Desk logo')).toBeVisible();
    await expect(page.getByLabel('Username')).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByText('Username is required')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();
    await takeScreenshot(page, 'login-validation');
  });

  test('a wrong password shows "Login failed"', async ({ page, server, takeScreenshot }) => {
    await page.goto('/auth/login');
    await page.getByLabel('Username').fill(server.admin.username);
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByLabel('Password', { exact: true }).press('Enter');
    await expect(page.getByText('Login failed')).toBeVisible();
    await expect(page).toHaveURL(/\/auth\/login$/);
    await takeScreenshot(page, 'login-failed');
  });

  test('logging in lands on Receiving and replaces the login entry in the history', async ({
    page,
    errors,
    takeScreenshot,
    loginAsAdmin,
  }) => {
    await page.goto('/auth/login');
    await takeScreenshot(page, 'login');
    await loginAsAdmin(page);
    expect(new URL(page.url()).pathname).toBe('/');
    await expect(page.getByRole('link', { name: 'Receiving' })).toHaveAttribute('aria-current', 'page');
    await page.goBack().catch(() => undefined);
    expect(new URL(page.url()).pathname).not.toBe('/auth/login');
    expect(errors).toEqual([]);
  });

  test('an unknown page behind login sends a visitor without a session to the login screen', async ({ page }) => {
    await page.goto('/history');
    await page.waitForURL('**/auth/login');
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  });

  test('a stored token that the server refuses is cleared and leads to login', async ({ page }) => {
    await page.goto('/auth/login');
    await page.evaluate(() => {
      localStorage.setItem('returns-desk.token', 'forged-token');
      localStorage.setItem('returns-desk.expire', new Date(Date.now() + 3600_000).toISOString());
    });
    await page.goto('/');
    await page.waitForURL('**/auth/login');
    await expect.poll(() => page.evaluate(() => localStorage.getItem('returns-desk.token'))).toBe(null);
  });
});

test.describe('top bar', () => {
  test('an admin sees the Admin menu with its four screens', async ({ page, takeScreenshot, loginAsAdmin }) => {
    await loginAsAdmin(page);
    await page.getByRole('button', { name: 'Admin', exact: true }).click();
    for (const [label, path] of [
      ['Users', '/admin/users'],
      ['Customers', '/admin/customers'],
      ['System Settings', '/admin/systems'],
      ['Task Status', '/admin/tasks'],
    ] as const) {
      await expect(page.getByRole('menuitem', { name: label })).toHaveAttribute('href', path);
    }
    await takeScreenshot(page, 'layout-admin-menu');
    await page.getByRole('menuitem', { name: 'Users' }).click();
    await page.waitForURL('**/admin/users');
  });

  test('an operator sees no Admin menu; History opens with the default query', async ({ page, api, takeScreenshot }) => {
    const operator = await api.createOperator({ allCustomers: true, name: 'Olivia Operator' });
    await loginViaUi(page, operator.username, operator.password);
    await expect(page.getByTestId('account-name').getByText('Olivia Operator')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Admin', exact: true })).toHaveCount(0);
    await takeScreenshot(page, 'layout-operator');
    await page.getByRole('link', { name: 'History' }).click();
    await page.waitForURL('**/history?**');
    const url = new URL(page.url());
    expect(decodeURIComponent(url.search)).toBe(
      '?page=1&search[id]=&search[delivery_number]=&search[order_number]=&search[web_order_number]=&filter[customer_id]=All&filter[is_blind]=All',
    );
    await expect(page.getByRole('link', { name: 'History' })).toHaveAttribute('aria-current', 'page');
  });

  test('a reload on a logged-in page stays logged in', async ({ page, loginAsAdmin }) => {
    await loginAsAdmin(page);
    await page.goto('/admin/tasks');
    await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/admin/tasks');
  });

  test('logout returns to login, revokes the token, and a reload stays logged out', async ({ page, api, loginAsAdmin }) => {
    await loginAsAdmin(page);
    const token = await page.evaluate(() => localStorage.getItem('returns-desk.token'));
    expect(token).toBeTruthy();
    await logoutViaUi(page);
    // The login form opens with the cursor in Username, as it does on a fresh page load.
    await page.waitForFunction(() => document.activeElement?.getAttribute('autocomplete') === 'username');
    await expect.poll(() => page.evaluate(() => localStorage.getItem('returns-desk.token'))).toBe(null);
    const refused = await api.call('POST', '/account/token', { token: token! });
    expect(refused.code).toBe(401);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await page.goto('/');
    await page.waitForURL('**/auth/login');
  });
});

test.describe('user menu (loaded on first use, issue 13)', () => {
  test('the trigger looks and reads the same before and after loading; Enter and Space open it with the focus inside, Escape closes it and the focus returns to the trigger', async ({
    page,
    errors,
    api,
    takeScreenshot,
  }) => {
    await page.setViewportSize({ width: 1366, height: 768 });
    const operator = await api.createOperator();
    await loginViaUi(page, operator.username, operator.password);
    const userMenu = page.getByRole('button', { name: 'User menu' });
    const menu = page.getByRole('menu');
    const focusInMenu = () => menu.evaluate((el) => el.contains(document.activeElement));
    const triggerFocused = () => userMenu.evaluate((el) => el === document.activeElement);
    // Drawn alone, the trigger carries what Mantine's Menu.Target gives a closed menu's button.
    await expect(userMenu).toHaveAttribute('aria-haspopup', 'menu');
    await expect(userMenu).toHaveAttribute('aria-expanded', 'false');
    await page.mouse.move(600, 500);
    const standIn = await userMenu.screenshot({ animations: 'disabled' });

    // First activation from the keyboard: the menu's code loads, and it opens as a click would.
    await userMenu.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menuitem', { name: 'Change Password' })).toBeVisible();
    await expect(userMenu).toHaveAttribute('aria-expanded', 'true');
    await expect(userMenu).toHaveAttribute('aria-controls', (await menu.getAttribute('id'))!);
    await page.waitForFunction(() => document.querySelector('[role=menu]')?.contains(document.activeElement));
    await expect.poll(() => focusInMenu(), { message: 'the focus did not move into the menu' }).toBe(true);
    await takeScreenshot(page, 'user-menu-open-keyboard');
    await page.keyboard.press('Escape');
    await expect(menu).not.toBeAttached();
    await page.waitForFunction(() => document.activeElement?.textContent?.includes('User menu'));
    await expect.poll(() => triggerFocused(), { message: 'Escape did not return the focus to the trigger' }).toBe(true);
    await expect(userMenu).toHaveAttribute('aria-expanded', 'false');

    // Mounted from now on: Space opens it again, Escape returns the focus again.
    await page.keyboard.press('Space');
    await expect(page.getByRole('menuitem', { name: 'Logout' })).toBeVisible();
    await page.waitForFunction(() => document.querySelector('[role=menu]')?.contains(document.activeElement));
    await page.keyboard.press('Escape');
    await expect(menu).not.toBeAttached();
    await page.waitForFunction(() => document.activeElement?.textContent?.includes('User menu'));

    // Same pixels as the stand-in, once the focus and the pointer are elsewhere.
    await userMenu.evaluate((el) => (el as HTMLElement).blur());
    await page.mouse.move(600, 500);
    // Compared once the hover background's 120 ms transition back has run (re-checked until then).
    await expect(async () => {
      expect(
        Buffer.compare(await userMenu.screenshot({ animations: 'disabled' }), standIn),
        'the loaded trigger is drawn differently',
      ).toBe(0);
    }).toPass({ timeout: 5_000 });

    // A click opens it (the menu's own target now); the item still works.
    await userMenu.click();
    await page.getByRole('menuitem', { name: 'Change Password' }).click();
    await expect(page.getByRole('dialog', { name: 'Change Password' })).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('an admin: the Admin menu loads on its first click, opens with its links, and Escape returns the focus', async ({
    page,
    errors,
    loginAsAdmin,
  }) => {
    await loginAsAdmin(page);
    const admin = page.getByRole('button', { name: 'Admin', exact: true });
    await expect(admin).toHaveAttribute('aria-haspopup', 'menu');
    await expect(admin).toHaveAttribute('aria-expanded', 'false');
    await admin.click();
    await expect(page.getByRole('menuitem', { name: 'Task Status' })).toBeVisible();
    await expect(admin).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).not.toBeAttached();
    await page.waitForFunction(() => document.activeElement?.getAttribute('aria-label') === 'Admin');
    expect(errors).toEqual([]);
  });
});

test.describe('change password', () => {
  test('the modal validates, reports a wrong old password, updates, and the new password logs in', async ({
    page,
    api,
    takeScreenshot,
  }) => {
    const operator = await api.createOperator();
    await loginViaUi(page, operator.username, operator.password);
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Change Password' }).click();
    const modal = page.getByRole('dialog', { name: 'Change Password' });
    await expect(modal).toBeVisible();

    await modal.getByRole('button', { name: 'Update Password' }).click();
    await expect(modal.getByText('Old password is required')).toBeVisible();
    await expect(modal.getByText('New password is required')).toBeVisible();
    await modal.getByLabel('New Password', { exact: true }).fill('first-new-pass');
    await modal.getByLabel('Confirm New Password').fill('something-else');
    await modal.getByRole('button', { name: 'Update Password' }).click();
    await expect(modal.getByText('New passwords must match')).toBeVisible();

    // Clicking beside the modal does not close it (SPEC §2.6).
    await page.mouse.click(10, 400);
    await expect(modal).toBeVisible();

    await modal.getByLabel('Old Password').fill('wrong-old-password');
    await modal.getByLabel('Confirm New Password').fill('first-new-pass');
    await modal.getByRole('button', { name: 'Update Password' }).click();
    await expect(modal.locator('.mantine-Alert-root').filter({ hasText: 'Error' })).toBeVisible();
    await takeScreenshot(page, 'change-password-error');

    const newPassword = `New-${operator.password}`;
    await modal.getByLabel('Old Password').fill(operator.password);
    await modal.getByLabel('New Password', { exact: true }).fill(newPassword);
    await modal.getByLabel('Confirm New Password').fill(newPassword);
    await modal.getByRole('button', { name: 'Update Password' }).click();
    await expect(modal.getByText('Password Updated')).toBeVisible();
    await expect(modal.getByText('Your password has been updated successfully')).toBeVisible();
    await expect(modal.getByLabel('Old Password')).toHaveValue('');
    await takeScreenshot(page, 'change-password-updated');

    await modal.getByRole('button', { name: 'Close' }).first().click();
    await logoutViaUi(page);
    await page.getByLabel('Username').fill(operator.username);
    await page.getByLabel('Password', { exact: true }).fill(operator.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText('Login failed')).toBeVisible();
    await loginViaUi(page, operator.username, newPassword);
  });
  test('from the keyboard: the menu opens it, Tab stays inside, Escape closes it and the focus returns to the user menu', async ({
    page,
    api,
  }) => {
    const operator = await api.createOperator();
    await loginViaUi(page, operator.username, operator.password);
    // Receiving puts the cursor in the customer field once it has loaded (issue 28): wait for that,
    // so it does not take the focus back from the user menu between the focus and the Enter.
    await expect(page.getByRole('combobox', { name: 'Customer' })).toBeFocused();
    const userMenu = page.getByRole('button', { name: 'User menu' });
    await userMenu.focus();
    await page.keyboard.press('Enter');
    const item = page.getByRole('menuitem', { name: 'Change Password' });
    await expect(item).toBeVisible();
    // Arrow keys walk the menu; where the highlight starts is Mantine's business.
    for (let i = 0; i < 4 && !(await item.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('ArrowDown');
    await expect(item, 'Change Password never got the focus').toBeFocused();
    await page.keyboard.press('Enter');
    const modal = page.getByRole('dialog', { name: 'Change Password' });
    await expect(modal.getByLabel('Old Password')).toBeVisible();

    for (let i = 0; i < 12; i++) {
      await page.keyboard.press(i % 3 === 2 ? 'Shift+Tab' : 'Tab');
      await expect
        .poll(() => modal.evaluate((el) => el.contains(document.activeElement)), { message: `focus left the modal after key ${i + 1}` })
        .toBe(true);
    }

    await page.keyboard.press('Escape');
    await expect(modal).not.toBeAttached();
    await page.waitForFunction(() => document.activeElement?.textContent?.includes('User menu'));
    await expect(userMenu).toBeFocused();
  });
});

test.describe('forgotten password', () => {
  test('forget → mail → reset link → new password → login', async ({ page, api, outbox, takeScreenshot }) => {
    const operator = await api.createOperator();
    const asked = new Date();
    await page.goto('/auth/login');
    await page.getByRole('link', { name: 'Forget Password?' }).click();
    await page.waitForURL('**/auth/forget-password');
    await page.getByRole('button', { name: 'Reset' }).click();
    await expect(page.getByText('Username is required')).toBeVisible();
    await expect(page.getByText('Email is not valid')).toBeVisible();
    await page.getByLabel('Username').fill(operator.username);
    await page.getByLabel('Email').fill(operator.email);
    await page.getByRole('button', { name: 'Reset' }).click();
    await expect(page.getByText('Please check your email to reset password.')).toBeVisible();
    await expect(page.getByLabel('Username')).toHaveValue('');
    await expect(page.getByLabel('Email')).toHaveValue('');
    await takeScreenshot(page, 'forget-password-sent');

    const mail = await outbox.waitForMail({ to: operator.email, after: asked });
    const link = linkIn(mail, '/auth/password/');
    const path = new URL(link).pathname;
    expect(path).toMatch(new RegExp(`^/auth/password/${operator.username}/`));

    await page.goto(path);
    await expect(page.getByLabel('Password', { exact: true })).toBeVisible();
    await takeScreenshot(page, 'reset-password-form');
    await page.getByRole('button', { name: 'Reset' }).click();
    await expect(page.getByText('New password is required')).toBeVisible();
    await page.getByLabel('Password', { exact: true }).fill('a-brand-new-password');
    await page.getByLabel('Confirm Password').fill('not-the-same');
    await page.getByRole('button', { name: 'Reset' }).click();
    await expect(page.getByText('Passwords must match')).toBeVisible();
    await page.getByLabel('Confirm Password').fill('a-brand-new-password');
    await page.getByRole('button', { name: 'Reset' }).click();
    await expect(page.getByText('Your password is now updated')).toBeVisible();
    await expect(page.getByLabel('Password', { exact: true })).toHaveValue('');
    await takeScreenshot(page, 'reset-password-done');

    await page.getByRole('link', { name: 'Back to login' }).click();
    await loginViaUi(page, operator.username, 'a-brand-new-password');

    // The link is single use.
    await page.goto(path);
    await expect(page.getByText('Expired Link')).toBeVisible();
  });

  test('an invalid reset link shows "Expired Link" with a way to ask again', async ({ page, takeScreenshot }) => {
    await page.goto('/auth/password/nobody/0123456789abcdef0123456789abcdef');
    await expect(page.getByText('Expired Link')).toBeVisible();
    await expect(page.getByText('Your reset link seems to be expired, please submit another request.')).toBeVisible();
    await takeScreenshot(page, 'reset-password-expired');
    await expect(page.getByRole('link', { name: 'Back to login' })).toBeVisible();
    await page.getByRole('link', { name: 'Request a new reset link' }).click();
    await page.waitForURL('**/auth/forget-password');
    await takeScreenshot(page, 'forget-password');
  });
});

test.describe('session and loading', () => {
  test('the layout shows "checking account status..." while the stored session is checked', async ({
    page,
    takeScreenshot,
    loginAsAdmin,
  }) => {
    await loginAsAdmin(page);
    let release: () => void = () => undefined;
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/api/account/token', async (route) => {
      await held;
      await route.continue();
    });
    await page.reload({ waitUntil: 'domcontentloaded' });
    await expect(page.getByText('checking account status...')).toBeVisible();
    await takeScreenshot(page, 'layout-checking');
    release();
    await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible();
  });

  test("the login page loads in as few rounds as it can: its code named in the HTML, its texts asked for with the shell's, what comes later after it, the form's rules once a key is typed (issue 23)", async ({
    page,
  }) => {
    // Each file the page asked for, and the files that had arrived when it did.
    const arrived = new Set<string>();
    const askedAfter = new Map<string, Set<string>>();
    const file = (url: string) => new URL(url).pathname.replace(/^\/assets\//, '').replace(/-[\w-]{8}\.js$/, '');
    page.on('request', (request) => askedAfter.set(file(request.url()), new Set(arrived)));
    page.on('requestfinished', (request) => arrived.add(file(request.url())));
    const response = await page.goto('/auth/login');
    // Beside the entry in the HTML: the chunk of the login page (which the signed-in layout imports too).
    expect(await response!.text()).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/sign-in-[\w-]{8}\.js">/);
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    // The page's texts were asked for with the shell's, before those had arrived, not in a round after them.
    expect(askedAfter.get('i18n-en-auth')).toBeDefined();
    expect(askedAfter.get('i18n-en-auth')).not.toContain('i18n-en-shell');
    // The notifications' container, fetched ahead for a dropped connection, is asked for once the page's own files are in.
    await expect.poll(() => arrived.has('NotificationsContainer')).toBe(true);
    expect([...askedAfter.get('NotificationsContainer')!]).toEqual(expect.arrayContaining(['sign-in', 'i18n-en-auth']));
    // The form's rules (zod) are not part of the load, not even once the page is idle: the first key asks for them.
    expect(askedAfter.has('login-rules')).toBe(false);
    await page.getByLabel('Username').press('a');
    await expect.poll(() => arrived.has('login-rules')).toBe(true);
  });

  test("a reload of a signed-in screen sends the session check beside the first screen's downloads, not after its layout has rendered (issue 23)", async ({
    page,
    loginAsAdmin,
  }) => {
    await loginAsAdmin(page);
    await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible();
    // The session's answer held back until the end.
    let release: () => void = () => undefined;
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/api/account/token', async (route) => {
      await held;
      await route.continue();
    });
    const arrived = new Set<string>();
    const askedAfter = new Map<string, Set<string>>();
    const file = (url: string) => new URL(url).pathname.replace(/^\/assets\//, '').replace(/-[\w-]{8}\.js$/, '');
    page.on('request', (request) => askedAfter.set(file(request.url()), new Set(arrived)));
    page.on('requestfinished', (request) => arrived.add(file(request.url())));
    await page.reload({ waitUntil: 'domcontentloaded' });
    await expect(page.getByText('checking account status...')).toBeVisible();
    // The check went out before the signed-in layout's code had arrived (that code is in, the answer is not).
    expect(askedAfter.get('/api/account/token')).toBeDefined();
    expect(askedAfter.get('/api/account/token')).not.toContain('signed-in');
    expect(arrived.has('signed-in')).toBe(true);
    release();
    await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible();
  });

  test('on a narrow screen the top bar keeps its entries as icons', async ({ page, takeScreenshot, loginAsAdmin }) => {
    await page.setViewportSize({ width: 600, height: 800 });
    await loginAsAdmin(page);
    await expect(page.getByRole('link', { name: 'History' })).toBeVisible();
    await takeScreenshot(page, 'layout-narrow');
    await page.getByRole('link', { name: 'History' }).click();
    await page.waitForURL('**/history?**');
  });

  test('a 401 in the middle of work clears the session and goes to login', async ({ page, api }) => {
    const operator = await api.createOperator();
    await loginViaUi(page, operator.username, operator.password);
    const token = await page.evaluate(() => localStorage.getItem('returns-desk.token'));
    // The session ends elsewhere (an admin disables the user, another tab logs out, …).
    expect((await api.call('POST', '/account/logout', { token: token! })).code).toBe(200);
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Change Password' }).click();
    const modal = page.getByRole('dialog', { name: 'Change Password' });
    await modal.getByLabel('Old Password').fill(operator.password);
    await modal.getByLabel('New Password', { exact: true }).fill('whatever-new');
    await modal.getByLabel('Confirm New Password').fill('whatever-new');
    await modal.getByRole('button', { name: 'Update Password' }).click();
    await page.waitForURL('**/auth/login');
    await expect.poll(() => page.evaluate(() => localStorage.getItem('returns-desk.token'))).toBe(null);
  });

  test('a screen that fails to load shows a load error with a reload button', async ({ page, takeScreenshot, loginAsAdmin }) => {
    await loginAsAdmin(page);
    await page.route('**/assets/HistoryPage-*.js', (route) => route.abort('connectionreset'));
    await page.getByRole('link', { name: 'History' }).click();
    await expect(page.getByText('This screen could not be loaded')).toBeVisible();
    // The top bar stays usable around the failed screen.
    await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible();
    await takeScreenshot(page, 'load-error');
    await page.unroute('**/assets/HistoryPage-*.js');
    await page.getByRole('button', { name: 'Reload page' }).click();
    await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible();
    await expect(page.getByText('This screen could not be loaded')).toHaveCount(0);
  });
});
