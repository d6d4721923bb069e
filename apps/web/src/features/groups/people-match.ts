/** What a person in a picker is found by: their names, account and the server's pinyin. */
export interface Findable {
  displayName: string;
  realname?: string;
  account?: string;
  /** The pinyin of the name, as the server spells it (`zhangsan`). */
  name_py?: string;
}

const fold = (text: string) => text.toLowerCase().replace(/\s+/g, "");

/**
 * Whether a person matches what was typed: any part of a name or the account, or the pinyin
 * of the name (so `zhang` and `zs…` typed for 张三 find them). Empty finds everyone.
 */
export function matchesPerson(person: Findable, query: string): boolean {
  const q = fold(query);
  if (q === "") return true;
  const fields = [
    person.displayName,
    person.realname ?? "",
    person.account ?? "",
    person.name_py ?? "",
  ];
  return fields.some((field) => fold(field).includes(q));
}
