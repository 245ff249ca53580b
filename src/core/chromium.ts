import { existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';

/** Environment variables that name a Chromium binary, most specific first. */
export const chromiumEnvVars = ['SDKDOCS_CHROMIUM', 'PUPPETEER_EXECUTABLE_PATH', 'CHROME_PATH'] as const;

const candidates = ['chromium', 'chromium-browser', 'google-chrome-stable', 'google-chrome', 'chrome'];
const knownPaths = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome', '/snap/bin/chromium'];

/** Flags that let headless Chromium start as root in a container with no network beyond a registry. */
export const headlessChromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-dev-shm-usage',
];

/**
 * Finds the system Chromium: an environment variable wins, then the PATH, then the usual places.
 * Returns undefined when there is none; callers say how to install it ({@link chromiumMissingHint}).
 */
export function findChromium(env: NodeJS.ProcessEnv = process.env): string | undefined {
  for (const name of chromiumEnvVars) {
    const value = env[name];
    if (value && existsSync(value)) return value;
  }
  for (const command of candidates) {
    try {
      const found = execFileSync('sh', ['-c', `command -v ${command}`], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
      if (found && existsSync(found)) return found;
    } catch {
      // not on PATH; try the next name
    }
  }
  return knownPaths.find((file) => existsSync(file));
}

export const chromiumMissingHint =
  'Install it (Debian/Ubuntu: `apt-get update && apt-get install -y chromium`, or run `node scripts/setup.mjs`), ' +
  `or set ${chromiumEnvVars[0]} to the path of a Chromium or Chrome binary.`;
