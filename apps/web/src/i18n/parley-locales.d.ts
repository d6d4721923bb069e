/** The translations by language and namespace group (../../locale-groups.ts). */
declare module "virtual:parley-locales" {
  import type { Texts } from "@parley/protocol";

  /** One group of one language: each namespace's texts. */
  export type GroupTexts = Record<string, Record<string, unknown>>;
  /**
   * One group's chunk: its namespaces' texts, and in the group of the server texts'
   * namespace (./namespaces.ts) the protocol's texts of the language.
   */
  export interface GroupModule {
    texts: GroupTexts;
    serverTexts?: Partial<Texts>;
    /** The server texts the first screens cannot meet (the app and console groups). */
    laterServerTexts?: Partial<Texts>;
  }
  /** `loaders[language][group]()`: the group's chunk (groups of ./namespaces.ts). */
  export const loaders: Record<
    string,
    Record<string, () => Promise<GroupModule>>
  >;
}
