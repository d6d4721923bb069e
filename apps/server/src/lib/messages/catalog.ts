import type { MessageKey } from "@parley/protocol";

/** Every server text in one language: a missing key fails the typecheck. */
export type Catalog = Record<MessageKey, string>;
