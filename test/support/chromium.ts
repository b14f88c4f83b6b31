import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';
import { noteSkip } from './skip-reasons.js';

/** The system Chromium (`apt-get install -y chromium`); browser downloads cannot be reached here. */
export const CHROMIUM = process.env['PETSTORE_CHROMIUM'] ?? '/usr/bin/chromium';

/**
 * Why the browser tests cannot run here, or undefined when they can. Without Chromium they skip with
 * this reason, printed once per file; with PETSTORE_REQUIRE_BROWSER=1 (CI) a missing browser fails.
 */
export function browserUnavailable(suite: string): string | undefined {
  const reason = existsSync(CHROMIUM) ? undefined : `no Chromium at ${CHROMIUM} (apt-get install -y chromium, or set PETSTORE_CHROMIUM)`;
  if (reason && process.env['PETSTORE_REQUIRE_BROWSER'] === '1') throw new Error(`PETSTORE_REQUIRE_BROWSER=1 but ${reason}.`);
  if (reason) noteSkip(suite, `${reason}; set PETSTORE_REQUIRE_BROWSER=1 to fail instead`);
  return reason;
}

/** Headless Chromium with the flags this closed network needs (no background connections). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}
