const modules = new Map<string, Promise<unknown>>();

/** Imports an MDX doc's module (its URL is in the route data), once; a failed load is tried again next time. */
export function loadMdxModule(url: string): Promise<unknown> {
  let module = modules.get(url);
  if (!module) {
    module = import(/* @vite-ignore */ url);
    modules.set(url, module);
    module.catch(() => modules.delete(url));
  }
  return module;
}
