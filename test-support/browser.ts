import { existsSync } from 'node:fs';
import { chromium, type Browser } from '@playwright/test';

/**
 * The browser that tests of what a person sees (HTML reports, the dashboard) drive: Debian's Chromium,
 * never a browser that Playwright would download (nothing is fetched here). `.ci/run` installs it with
 * apt-get; `DSS_CHROMIUM` names another binary.
 */
export const chromiumPath = process.env.DSS_CHROMIUM ?? '/usr/bin/chromium';

/**
 * Launches it headless with the flags a closed network needs: without the background-networking ones,
 * Chromium keeps dialling hosts it cannot reach.
 */
export async function launchChromium(): Promise<Browser> {
  if (!existsSync(chromiumPath)) {
    throw new Error(
      `no Chromium at ${chromiumPath}: install Debian's chromium package (apt-get install chromium), as .ci/run does, or set DSS_CHROMIUM`,
    );
  }
  return chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}
