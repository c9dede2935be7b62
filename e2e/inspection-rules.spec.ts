// Issue 27: the Rules tab of the customer drawer at the desk and on a tablet: a rule with two steps
// made in the form (a server refusal shown under its field first), a CSV import refused for a bad row
// (nothing saved) and then accepted, the export downloaded and read back. axe 0 on each state.
import { readFile } from 'node:fs/promises';
import { test, expect, expectNoAxeViolations } from './support/index';

const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

test.describe('inspection rules in the customer drawer', () => {
  test(
    'a two-step rule, an import refused then accepted, the export',
    { tag: '@responsive' },
    async ({ page, errors, api, takeScreenshot, loginAsAdmin }, testInfo) => {
      // Many states with an axe run each: on a loaded shared machine the desk run took 4.7 minutes to the import.
      test.setTimeout(600_000);
      const token = await api.adminToken();
      const company = unique('Rules Co');
      const customerId = await api.createCustomerWithReasons(token, company, { can_blind: true });
      for (const code of ['RESELL', 'REFURB']) {
        const made = await api.call('POST', `/su/customers/${customerId}/dispositions`, { token, body: { code, name: code } });
        expect(made.code, JSON.stringify(made)).toBe(200);
      }
      // A rule for the same prefix already exists: the form's first try is refused under the value field.
      const taken = await api.call('POST', `/su/customers/${customerId}/rules`, { token, body: { match: 'prefix', value: 'CAM-' } });
      expect(taken.code, JSON.stringify(taken)).toBe(200);

      await loginAsAdmin(page);
      await page.goto('/admin/customers');
      await page.getByRole('button', { name: `Rules (inspection rules and grades of ${company})` }).click();
      const drawer = page.getByRole('dialog', { name: `Inspection rules: ${company}` });
      await expect(drawer.getByTestId('rule-row')).toHaveCount(1);
      await expectNoAxeViolations(page, 'rules tab: one rule');

      const form = drawer.getByTestId('rule-form');
      await form.getByRole('combobox', { name: 'Applies to' }).click();
      await page.getByRole('option', { name: 'SKU prefix' }).click();
      await form.getByRole('textbox', { name: 'SKU prefix' }).fill('CAM-');
      await form.getByRole('button', { name: 'Add step' }).click();
      await form.getByRole('button', { name: 'Add step' }).click();
      await form.getByRole('textbox', { name: 'Step 1', exact: true }).fill('Lens without scratches?');
      await form.getByRole('combobox', { name: 'Step 1: kind' }).click();
      await page.getByRole('option', { name: 'Answer yes/no' }).click();
      await form.getByRole('combobox', { name: 'Step 1: grade on no' }).click();
      await page.getByRole('option', { name: 'C', exact: true }).click();
      await form.getByRole('textbox', { name: 'Step 2', exact: true }).fill('Photograph the serial label');
      await form.getByRole('combobox', { name: 'Step 2: kind' }).click();
      await page.getByRole('option', { name: 'Photo required' }).click();
      await form.getByRole('combobox', { name: 'Serial number' }).click();
      await page.getByRole('option', { name: 'Required' }).click();
      await form.getByRole('combobox', { name: 'Grade A' }).click();
      await page.getByRole('option', { name: /^RESELL/ }).click();
      await form.getByRole('button', { name: 'Add Rule' }).click();
      await expect(form.getByText('Another rule of this customer applies to the same products')).toBeVisible();
      await takeScreenshot(page, 'rules-01-refused-taken');
      await expectNoAxeViolations(page, 'rules tab: the form with a server refusal');

      // The other rule goes; the same form is saved from the keyboard.
      page.once('dialog', (d) => void d.accept());
      await drawer.getByRole('button', { name: 'Delete rule SKU prefix: CAM-' }).click();
      await expect(drawer.getByTestId('rule-row')).toHaveCount(0);
      await form.getByRole('button', { name: 'Add Rule' }).focus();
      await page.keyboard.press('Enter');
      const row = drawer.getByTestId('rule-row');
      await expect(row).toHaveCount(1);
      await expect(row).toContainText('SKU prefix: CAM-');
      await expect(row).toContainText('1. Lens without scratches?');
      await expect(row).toContainText('yes/no → C');
      await expect(row).toContainText('photo');
      await expect(row).toContainText('A: RESELL');
      await takeScreenshot(page, 'rules-02-two-step-rule');
      await expectNoAxeViolations(page, 'rules tab: a two-step rule');

      // Grades: C is renamed; the list shows the new name.
      await drawer.getByRole('tab', { name: 'Grades' }).click();
      await drawer.getByRole('textbox', { name: 'Name of grade C' }).fill('Refurbish');
      await drawer.getByRole('button', { name: 'Save Grades' }).click();
      await expect(page.getByText('Grades saved')).toBeVisible();
      await takeScreenshot(page, 'rules-03-grades');
      await expectNoAxeViolations(page, 'rules tab: grades');
      await drawer.getByRole('tab', { name: 'Rules' }).click();
      await expect(drawer.getByTestId('rule-row')).toContainText('yes/no → Refurbish');

      // Import: a bad row refuses the whole file by line and column; nothing of it is saved.
      await drawer.getByRole('tab', { name: 'Import & Export' }).click();
      const bad = testInfo.outputPath('rules-bad.csv');
      const good = testInfo.outputPath('rules-good.csv');
      const { writeFile } = await import('node:fs/promises');
      await writeFile(
        bad,
        'match,value,step_1,step_1_kind,disposition_a\r\nsku,CAM-100,Check the strap,confirm,RESELL\r\nsku,,Check,confirm,NOPE\r\n',
      );
      await writeFile(
        good,
        'match,value,step_1,step_1_kind,disposition_a\r\nsku,CAM-100,Check the strap,confirm,RESELL\r\ncategory,Lenses,,,\r\n',
      );
      const choose = async (file: string) => {
        const [chooser] = await Promise.all([page.waitForEvent('filechooser'), drawer.getByLabel('CSV or XLSX file').click()]);
        await chooser.setFiles(file);
      };
      await choose(bad);
      await drawer.getByRole('button', { name: 'Import', exact: true }).click();
      const problems = drawer.getByTestId('rules-import-problems');
      await expect(problems).toContainText('Line 3, column B (value): Give the SKU, prefix or category the rule applies to');
      await takeScreenshot(page, 'rules-04-import-refused');
      await expectNoAxeViolations(page, 'rules tab: an import refused');
      const afterBad = await api.call<{ total: number }>('GET', `/su/customers/${customerId}/rules`, { token });
      expect(afterBad.message.total).toBe(1);

      await choose(good);
      await drawer.getByRole('button', { name: 'Import', exact: true }).click();
      await expect(page.getByText('2 added, 0 replaced')).toBeVisible();
      await expect(problems).toHaveCount(0);

      const [download] = await Promise.all([page.waitForEvent('download'), drawer.getByRole('button', { name: 'Download CSV' }).click()]);
      expect(download.suggestedFilename()).toMatch(/^rules_Rules_Co_.*\.csv$/);
      const csv = (await readFile(await download.path())).toString('utf8').replace(/^\uFEFF/, '');
      const lines = csv.trim().split('\r\n');
      expect(lines[0]!.startsWith('match,value,step_1,step_1_kind,step_1_no_grade')).toBeTruthy();
      expect(lines.length).toBe(4);
      expect(csv).toContain('prefix,CAM-,Lens without scratches?,yes_no,C,Photograph the serial label,photo');
      expect(csv).toContain('sku,CAM-100,Check the strap,confirm');
      expect(csv).toContain('category,Lenses');
      await takeScreenshot(page, 'rules-05-imported');
      await expectNoAxeViolations(page, 'rules tab: import and export');
      await drawer.getByRole('tab', { name: 'Rules' }).click();
      await expect(drawer.getByTestId('rule-row')).toHaveCount(3);
      await takeScreenshot(page, 'rules-06-three-rules');
      expect(errors).toEqual([]);
    },
  );
});
