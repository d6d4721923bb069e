/** The translations by language and namespace group (../../locale-groups.ts). */
declare module "virtual:parley-locales" {
  /** One group of one language: each namespace's texts. */
  export type GroupTexts = Record<string, Record<string, unknown>>;
  /** `loaders[language][group]()`: the group's chunk (groups of ./namespaces.ts). */
  export const loaders: Record<
    string,
    Record<string, () => Promise<{ texts: GroupTexts }>>
  >;
}
