import type { Page } from '@playwright/test';

/**
 * Resolves once no CSS animation or transition has run for three frames in a row: Bootstrap's
 * fades (a dialog's backdrop, then the dialog) are over, including one that starts as another
 * ends. A condition, not a sleep: a page at rest passes in about 50 ms.
 */
export async function animationsSettled(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        let quietFrames = 0;
        const frame = () => {
          quietFrames = document.getAnimations().some((animation) => animation.playState === 'running') ? 0 : quietFrames + 1;
          if (quietFrames >= 3) resolve();
          else requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
      }),
  );
}
