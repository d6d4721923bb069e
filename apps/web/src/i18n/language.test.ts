import fs from "node:fs";
import path from "node:path";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { browserLanguage, initialLanguage } from "./index";

/** A translation as the locale file on disk has it (`key` may be dotted). */
function text(lang: string, ns: string, key: string): string {
  const file = path.resolve(__dirname, "locales", lang, `${ns}.json`);
  let value: unknown = JSON.parse(fs.readFileSync(file, "utf8"));
  for (const part of key.split("."))
    value = (value as Record<string, unknown> | undefined)?.[part];
  if (typeof value !== "string") throw new Error(`${lang}/${ns}:${key}`);
  return value;
}

/**
 * A fresh start of the i18n module, as a page load would run it, in a browser that lists
 * `languages` with `saved` in local storage.
 */
async function start(languages: string[], saved?: string) {
  vi.resetModules();
  vi.spyOn(navigator, "languages", "get").mockReturnValue(languages);
  if (saved) localStorage.setItem("lang", saved);
  const module = await import("./index");
  const antd = await import("./antd-locales");
  await module.i18nReady();
  return { ...module, antdLocaleOf: antd.antdLocaleOf };
}

/** The languages whose texts are in memory. */
const loaded = (i18n: { store: { data: object } }) =>
  Object.keys(i18n.store.data).sort();

afterEach(() => {
  vi.restoreAllMocks();
});

// The files of a worker share modules (vitest.config.ts): the next one must not get the
// last fresh start's i18n, in whatever language it was left.
afterAll(() => {
  vi.resetModules();
});

describe("the browser's language", () => {
  it.each([
    [["en-US", "en"], "en"],
    [["en-GB"], "en"],
    [["zh-CN", "zh"], "zh"],
    [["zh"], "zh"],
    [["zh-TW"], "ft"],
    [["zh-HK"], "ft"],
    [["zh-Hant-MO"], "ft"],
    [["ru-RU"], "ry"],
    [["de-AT"], "hy"],
    [["th-TH"], "ty"],
    [["vi"], "yn"],
    [["id-ID"], "yny"],
    [["fr-CA"], "fy"],
    [["ko-KR"], "e"],
    [["pt-BR"], "ptyy"],
    [["pt-PT"], "ptyy"],
    [["ja-JP"], "dy"],
  ])("maps %j to %s", (languages, expected) => {
    expect(browserLanguage(languages)).toBe(expected);
  });

  it("takes the first of the 12 in the browser's order, skipping the others", () => {
    expect(browserLanguage(["es-ES", "de-DE", "fr-FR"])).toBe("hy");
    expect(browserLanguage(["ja", "en"])).toBe("dy");
  });

  it("finds none in a list without any of them", () => {
    expect(browserLanguage(["es-ES", "it", "kok"])).toBeUndefined();
    expect(browserLanguage([])).toBeUndefined();
  });
});

describe("the language of the first render", () => {
  it("is the choice saved in this browser, whatever the browser says", () => {
    expect(initialLanguage("dy", ["en-US", "en"])).toBe("dy");
    expect(initialLanguage("zh", ["fr-FR"])).toBe("zh");
  });

  it("is the browser's language when nothing valid is saved", () => {
    expect(initialLanguage(null, ["fr-FR", "en"])).toBe("fy");
    expect(initialLanguage("klingon", ["ko"])).toBe("e");
  });

  it("is zh (SPEC §1) when neither says anything usable", () => {
    expect(initialLanguage(null, [])).toBe("zh");
    expect(initialLanguage(null, ["es-ES"])).toBe("zh");
  });
});

describe("loading", () => {
  it("starts in the browser's language with only it and its fallback loaded", async () => {
    const { i18n, antdLocaleOf } = await start(["fr-FR", "fr"]);
    expect(i18n.language).toBe("fy");
    expect(i18n.t("common:retry")).toBe(text("fy", "common", "retry"));
    expect(loaded(i18n)).toEqual(["en", "fy"]);
    // Ant Design's pack comes with antd's shell, not before the (antd-free) first screen.
    expect(antdLocaleOf("fy")).toBeUndefined();
    expect(antdLocaleOf("en")).toBeUndefined();
  });

  it("starts in the saved choice over the browser's language", async () => {
    const { i18n } = await start(["en-US", "en"], "ty");
    expect(i18n.language).toBe("ty");
    expect(i18n.t("common:language")).toBe(text("ty", "common", "language"));
    expect(loaded(i18n)).toEqual(["en", "ty"]);
  });

  it("starts in zh for a browser in none of the 12, loading zh and its fallback only", async () => {
    const { i18n } = await start(["es-ES"]);
    expect(i18n.language).toBe("zh");
    expect(i18n.t("common:retry")).toBe(text("zh", "common", "retry"));
    expect(loaded(i18n)).toEqual(["en", "zh"]);
  });

  it("has the first screens' namespaces ready before the first render, and only them", async () => {
    const { i18n } = await start(["ja-JP"]);
    const { NAMESPACE_GROUPS } = await import("./namespaces");
    for (const ns of NAMESPACE_GROUPS.shell)
      expect(i18n.hasResourceBundle("dy", ns), ns).toBe(true);
    for (const ns of [...NAMESPACE_GROUPS.app, ...NAMESPACE_GROUPS.console])
      expect(i18n.hasResourceBundle("dy", ns), ns).toBe(false);
  });

  it("loads a group of namespaces in the language and its fallback, before a screen shows them", async () => {
    const { i18n, loadNamespaceGroup } = await start(["ja-JP"]);
    const { NAMESPACE_GROUPS } = await import("./namespaces");
    await loadNamespaceGroup("app");
    for (const ns of NAMESPACE_GROUPS.app) {
      expect(i18n.hasResourceBundle("dy", ns), ns).toBe(true);
      expect(i18n.hasResourceBundle("en", ns), ns).toBe(true);
    }
    expect(i18n.t("messages:nav.messages")).toBe(
      text("dy", "messages", "nav.messages"),
    );
    expect(i18n.hasResourceBundle("dy", "console")).toBe(false);
  });

  it("switches every namespace loaded so far to the new language", async () => {
    const { i18n, loadNamespaceGroup, switchLanguage } = await start(["en-US"]);
    await loadNamespaceGroup("console");
    await switchLanguage("fy");
    expect(i18n.hasResourceBundle("fy", "console")).toBe(true);
    expect(i18n.hasResourceBundle("fy", "messages")).toBe(false);
  });

  it("switches in place: loads the new language, then shows it, and keeps the choice", async () => {
    const { i18n, switchLanguage, antdLocaleOf } = await start(["en-US"]);
    expect(loaded(i18n)).toEqual(["en"]);
    const seen: string[] = [];
    i18n.on("languageChanged", (lang: string) => {
      // By the time the screen changes, the new texts are there: no raw key shows.
      seen.push(`${lang}:${i18n.t("common:retry")}`);
    });

    await switchLanguage("dy");
    expect(i18n.language).toBe("dy");
    expect(seen).toEqual([`dy:${text("dy", "common", "retry")}`]);
    expect(loaded(i18n)).toEqual(["dy", "en"]);
    expect(antdLocaleOf("dy")?.locale).toBe("ja");
    expect(localStorage.getItem("lang")).toBe("dy");
  });
});
