/**
 * What an API model was made from (the SDK's files and folders, hashed), and whether that is still
 * so: shared by the TypeDoc run that records the inputs and the cache that checks them.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { ApiInputs } from '../core/api-model.js';
import { fingerprint } from '../core/item-store.js';

export interface ApiModelOptions {
  /** Absolute paths of the entry points. */
  entryPoints: string[];
  /** Absolute path of the SDK's tsconfig. */
  tsconfig: string;
  /** Document the sources without type-checking them first. */
  skipTypeCheck: boolean;
  /** The project's name, for TypeDoc (which otherwise looks for a package.json). */
  name: string;
  /** `api.typedocOptions`: set after the tsconfig's, so they win. */
  typedocOptions: Record<string, unknown>;
  /** `api.linkTags`: inline tags that link as `{@link}` does. */
  linkTags: string[];
  /** The config file: TypeDoc's complaints about `api.typedocOptions` point there, and its relative paths start from its folder. */
  configFile: string;
  /** Verbose TypeDoc output goes here. */
  debug?: (message: string) => void;
}

/** Hashes of the files a model was made from (absolute paths) and of the folders of the SDK's own ones. */
export function collectInputs(sourceFiles: readonly string[], options: ApiModelOptions, settings: string): ApiInputs {
  const files = new Set<string>([options.tsconfig, ...sourceFiles]);
  const folders = new Set([...files].filter((file) => !file.split(path.sep).includes('node_modules')).map((file) => path.dirname(file)));
  return {
    settings,
    files: [...files].sort().map((file) => ({ file, hash: fileHash(file) })),
    folders: [...folders].sort().map((folder) => ({ folder, hash: folderHash(folder) })),
  };
}

function fileHash(file: string): string {
  return existsSync(file) ? fingerprint(readFileSync(file)) : 'missing';
}

function folderHash(folder: string): string {
  return existsSync(folder) ? fingerprint(readdirSync(folder).sort()) : 'missing';
}

/** True when nothing the model was made from has changed since. */
export function isCurrent(inputs: ApiInputs, settings: string): boolean {
  return (
    inputs.settings === settings &&
    inputs.files.every(({ file, hash }) => fileHash(file) === hash) &&
    inputs.folders.every(({ folder, hash }) => folderHash(folder) === hash)
  );
}
