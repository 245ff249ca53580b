import { useContext } from 'react';
import { ThemeContext } from '../../context.js';
import { docsPluginData } from './plugin-content-docs/client.js';

/*
 * `@docusaurus/useGlobalData`: plugins' data by plugin name and instance id. sdkdocs runs no
 * Docusaurus plugins; the docs plugin's data (its versions) is the one sites read through it.
 */

const docsPluginName = 'docusaurus-plugin-content-docs';

/** `useGlobalData()`: `{ 'docusaurus-plugin-content-docs': { [id]: data } }`. */
export default function useGlobalData(): Record<string, Record<string, unknown>> {
  const site = useContext(ThemeContext)?.site;
  return { [docsPluginName]: { [site?.docsPluginId ?? 'default']: docsPluginData(site) } };
}

/** `useAllPluginInstancesData(name)`: every instance's data of one plugin. */
export function useAllPluginInstancesData(name: string): Record<string, unknown> {
  return useGlobalData()[name] ?? {};
}

/** `usePluginData(name, id)`: one instance's data; undefined for a plugin sdkdocs does not run. */
export function usePluginData(name: string, id = 'default'): unknown {
  const instances = useAllPluginInstancesData(name);
  return instances[id] ?? Object.values(instances)[0];
}
