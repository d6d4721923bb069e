import { describe, expect, it } from "vitest";
import {
  LIVE_DANGER,
  RAW_TEXT_PAYLOADS,
} from "../../../test/raw-text-payloads.js";
import { cleanArticleHtml } from "./article-html.js";

describe("cleanArticleHtml and raw-text smuggling (sanitize-html's advisory of 2.17.6)", () => {
  it.each(RAW_TEXT_PAYLOADS)("%s leaves nothing live", (payload) => {
    expect(cleanArticleHtml(payload)).not.toMatch(LIVE_DANGER);
  });

  it("keeps what the editor makes around it", () => {
    expect(
      cleanArticleHtml(
        "<p>before</p><xmp><img src=x onerror=alert(1)></xmp><p>after</p>",
      ),
    ).toBe("<p>before</p><p>after</p>");
  });
});
