import { createRequire } from "node:module";

const require = createRequire(import.meta.url);

/**
 * A CommonJS package loaded at its first use instead of at start: a cold start loads only
 * what the first answers need (issue 14), and image work, HTML cleaning, push, mail, Redis
 * and PostgreSQL drivers come in when something first asks for them. Loading stays
 * synchronous, so callers keep their shape.
 */
// T is the caller's word for what the package exports, as an import's type would be.
// oxlint-disable-next-line typescript/no-unnecessary-type-parameters
export function lazyRequire<T>(name: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= require(name) as T);
}
