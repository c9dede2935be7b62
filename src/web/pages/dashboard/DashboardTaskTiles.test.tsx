// The failed-deliveries tile's sentence carries its bold count inside one plural message (issue 24):
// English word for word as before, Polish with its own plural forms, the number in the language's format.
import { screen } from '@testing-library/react';
import { afterAll, describe, expect, it } from 'vitest';
import { loadAreas } from '../../i18n/catalogues';
import { changeLanguage } from '../../i18n/language';
import { renderWithApp } from '../../test/render';
import { FailedTile } from './DashboardTaskTiles';

const failed = (total: number) => ({ total, items: [] });

function renderTile(total: number) {
  return renderWithApp(<FailedTile failed={failed(total)} tasksOf={() => undefined} />);
}

describe('FailedTile', () => {
  afterAll(() => changeLanguage('en', { remember: false }));

  it('says the English sentence of the spec, with the count in bold', async () => {
    await changeLanguage('en', { remember: false });
    await loadAreas('en', ['insight']);
    renderTile(1);
    expect(screen.getByTestId('failed-total').textContent).toBe('1');
    expect(screen.getByTestId('tile-failed').textContent).toContain('1 outbound delivery failed in this period');
  });

  it('uses the English plural and number format', async () => {
    renderTile(1234);
    expect(screen.getByTestId('tile-failed').textContent).toContain('1,234 outbound deliveries failed in this period');
  });

  it('uses the Polish plural forms', async () => {
    await loadAreas('pl', ['insight']);
    await changeLanguage('pl', { remember: false });
    renderTile(3);
    expect(screen.getByTestId('failed-total').textContent).toBe('3');
    expect(screen.getByTestId('tile-failed').textContent).toContain('3 nieudane dostarczenia wychodzące w tym okresie');
    expect(screen.getByText('Nieudane dostarczenia')).toBeTruthy();
  });
});
