import type { Contact } from "@parley/protocol";
import { useEffect, useState } from "react";
import {
  namesOf,
  needsPinyin,
  type NamePinyin,
  type PinyinIndex,
} from "./contact-search";

const HAN = /\p{Script=Han}/u;

/**
 * The pinyin of every Chinese name in the list. pinyin-pro carries its dictionary
 * (about 320 kB), so it is fetched on the first search that could use it, never with
 * the chat screen.
 */
export async function buildPinyinIndex(
  list: readonly Contact[],
): Promise<PinyinIndex> {
  const { pinyin } = await import("pinyin-pro");
  const index = new Map<string, NamePinyin>();
  for (const name of list.flatMap(namesOf)) {
    if (index.has(name) || !HAN.test(name)) continue;
    const spell = (pattern: "pinyin" | "first") =>
      pinyin(name, {
        pattern,
        toneType: "none",
        type: "array",
        nonZh: "removed",
      })
        .join("")
        .toLowerCase();
    index.set(name, { full: spell("pinyin"), initials: spell("first") });
  }
  return index;
}

/** The pinyin index while a search could use it, loaded once the first such search is typed. */
export function usePinyinIndex(
  list: readonly Contact[],
  query: string,
): PinyinIndex | undefined {
  const wanted = needsPinyin(list, query);
  const [built, setBuilt] = useState<{
    list: readonly Contact[];
    index: PinyinIndex;
  }>();
  const current = built?.list === list;

  useEffect(() => {
    if (!wanted || current) return;
    let live = true;
    // Without the dictionary the search still matches names, accounts and name_py.
    buildPinyinIndex(list).then(
      (index) => {
        if (live) setBuilt({ list, index });
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [wanted, current, list]);

  // A stale index still helps while the new one is built: names rarely change.
  return wanted ? built?.index : undefined;
}
