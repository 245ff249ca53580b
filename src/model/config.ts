/**
 * The config's types as the model names them. Their one source is the zod schema in src/config,
 * which sits above the model (it reads core's diagnostics and route checks): rather than import
 * it, the model declares this slot and src/config/resolve.ts fills it by declaration merging, so
 * `ResolvedConfig` here is the schema's inferred type itself, with no copy to keep in step.
 */
export interface ConfigTypes {}

/** The config after validation, with defaults filled in and every path made absolute. */
export type ResolvedConfig = ConfigTypes['resolvedConfig'];

/** The blog's options (`blog` in the config), defaults filled in. */
export type BlogOptions = ConfigTypes['blogOptions'];
