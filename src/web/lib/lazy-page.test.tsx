import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { firstScreenLoaded, lazyPage } from './lazy-page';

const page = (text: string) => ({ default: () => <p>{text}</p> });

describe('lazyPage', () => {
  it('a screen asked for ahead (the first screen, issue 23) is downloaded once: rendering it waits for that download', async () => {
    let downloads = 0;
    const Screen = lazyPage(async () => {
      downloads += 1;
      return page('The screen');
    });
    void Screen.preload('en');
    void Screen.preload('en');
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Screen />
      </Suspense>,
    );
    expect(await screen.findByText('The screen')).toBeTruthy();
    expect(downloads).toBe(1);
    // What the app fetches ahead for later waits for the first screen's code.
    await expect(firstScreenLoaded).resolves.toBeUndefined();
  });

  it('a screen asked for ahead whose code and texts are in renders at once, without the fallback (React.lazy would show it first)', async () => {
    const Screen = lazyPage(async () => page('At once'));
    await Screen.preload('en');
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Screen />
      </Suspense>,
    );
    expect(screen.getByText('At once')).toBeTruthy();
    expect(screen.queryByText('Loading')).toBeNull();
  });

  it('a download ahead that failed is made again when the screen renders', async () => {
    let downloads = 0;
    const Screen = lazyPage(async () => {
      downloads += 1;
      if (downloads === 1) throw new Error('connection reset');
      return page('Loaded the second time');
    });
    // The failure ahead is not reported on its own (the render meets the download again).
    await expect(Screen.preload('en')).resolves.toBeUndefined();
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Screen />
      </Suspense>,
    );
    expect(await screen.findByText('Loaded the second time')).toBeTruthy();
    expect(downloads).toBe(2);
  });
});
