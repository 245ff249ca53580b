import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fingerprintJson } from '../engine/fingerprint.js';

/*
 * Fingerprints of what the config stands for, for the query engine's inputs: a serve --watch
 * session keeps its engine when the config is edited, and a query that read a slice of the config
 * runs again only when that slice's fingerprint changed. Data is hashed as it is; a function (a
 * remark plugin, an `editUrl` callback) has no value to hash, so it is fingerprinted by what made
 * it: the config module's own files and the site's lock files.
 */

/** What the config's code is made of: where its functions come from. */
interface ConfigSource {
  siteDir: string;
  configFile: string;
  configInputs?: string[];
}

/** Lock files whose content names the versions of the packages a config imports (plugins among them). */
const lockFiles = ['package-lock.json', 'npm-shrinkwrap.json', 'yarn.lock', 'pnpm-lock.yaml', 'bun.lock', 'node_modules/.package-lock.json'];

/**
 * The fingerprint of the config module's files (its own imports included) and of the site's lock
 * files: what every function value of a loaded config was made of.
 */
export function configCodeFingerprint(config: ConfigSource): string {
  const hash = createHash('sha256');
  const files = [...(config.configInputs ?? [config.configFile]), ...lockFiles.map((name) => path.join(config.siteDir, name))];
  for (const file of files) {
    hash.update(file).update('\0');
    if (existsSync(file)) hash.update(readFileSync(file));
    hash.update('\0');
  }
  return hash.digest('hex').slice(0, 32);
}

/**
 * The fingerprint of a slice of the config (any value made of it): its data, and, when it holds a
 * function, {@link configCodeFingerprint}, so that editing a plugin's code or its options in the
 * config file changes it while an unrelated key's edit does not. `extra` names what else made the
 * value, such as the version of the code that uses it.
 */
export function configSliceFingerprint(config: ConfigSource, slice: unknown, ...extra: string[]): string {
  let holdsFunction = false;
  // A function stands for the config's code (below), not its own text: a plugin's closure holds its options.
  const json = fingerprintJson(slice, (fn) => {
    holdsFunction = true;
    return fn.name;
  });
  const hash = createHash('sha256').update(json);
  if (holdsFunction) hash.update('\0code\0').update(configCodeFingerprint(config));
  for (const part of extra) hash.update('\0').update(part);
  return hash.digest('hex').slice(0, 32);
}
