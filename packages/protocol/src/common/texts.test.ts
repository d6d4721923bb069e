import { describe, expect, it } from "vitest";
import { MESSAGE_KEYS } from "./message-keys.js";
import { type Language, LANGUAGES } from "../rules/languages.js";
import { fillText, placeholdersOf, type Texts } from "./texts.js";

/** Each language's module, loaded as a client loads it: by its code. */
async function textsOf(lang: Language): Promise<Texts> {
  // A dynamic import is typed as any; each module exports `texts: Texts` (typed there).
  const module = (await import(`../texts/${lang}.ts`)) as { texts: Texts };
  return module.texts;
}

const all = Object.fromEntries(
  await Promise.all(
    LANGUAGES.map(async (lang) => [lang, await textsOf(lang)] as const),
  ),
) as Record<Language, Texts>;

const sorted = (names: string[]) => [...names].sort();

describe("the server's texts", () => {
  it.each(LANGUAGES)("has a text for every key and no other in %s", (lang) => {
    const texts = all[lang];
    expect(Object.keys(texts).sort()).toEqual([...MESSAGE_KEYS].sort());
    const blank = MESSAGE_KEYS.filter((key) => texts[key].trim() === "");
    expect(blank).toEqual([]);
  });

  it.each(LANGUAGES)(
    "has English's placeholders in every text in %s",
    (lang) => {
      const differ = MESSAGE_KEYS.filter(
        (key) =>
          sorted(placeholdersOf(all[lang][key])).join() !==
          sorted(placeholdersOf(all.en[key])).join(),
      );
      expect(differ).toEqual([]);
    },
  );

  it.each(LANGUAGES)(
    "uses braces only around a placeholder in %s (a client may rewrite them)",
    (lang) => {
      const stray = MESSAGE_KEYS.filter((key) =>
        /[{}]/.test(all[lang][key].replace(/\{\w+\}/g, "")),
      );
      expect(stray).toEqual([]);
    },
  );
});

describe("fillText", () => {
  it("fills each placeholder from its parameter, numbers included", () => {
    expect(fillText(all.en["group.full"], "en", { max: 500 })).toBe(
      "This group is full (500 members at most)",
    );
    expect(
      fillText("{name} and {name} with {code}", "en", {
        name: "Parley",
        code: "123456",
      }),
    ).toBe("Parley and Parley with 123456");
  });

  it("says {when} from `seconds` in words of the text's language", () => {
    expect(
      fillText(all.en["request.rateLimited"], "en", { seconds: 896 }),
    ).toBe("Too many attempts. Try again in 15 minutes.");
    expect(
      fillText(all.zh["request.rateLimited"], "zh", { seconds: 896 }),
    ).toBe("尝试次数过多，请15分钟后再试");
    expect(fillText("{when}", "fy", { seconds: 30, when: "later" })).toBe(
      "dans 30 secondes",
    );
  });

  it("takes {when} as given when there are no seconds", () => {
    expect(fillText("Try again {when}.", "en", { when: "tomorrow" })).toBe(
      "Try again tomorrow.",
    );
    expect(fillText("Try again {when}.", "en", { seconds: "9" })).toBe(
      "Try again {when}.",
    );
  });

  it("leaves a placeholder without a value as it is", () => {
    expect(fillText(all.en["request.invalidField"], "en")).toBe(
      "The {field} field isn't valid",
    );
    expect(fillText("{a} {b}", "en", { a: 1 })).toBe("1 {b}");
  });
});

describe("placeholdersOf", () => {
  it("names each placeholder in order", () => {
    expect(placeholdersOf("{field} is {max} {field}")).toEqual([
      "field",
      "max",
      "field",
    ]);
    expect(placeholdersOf("no braces, {not one}")).toEqual([]);
  });
});
