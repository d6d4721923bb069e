import { LANGUAGES } from "@parley/protocol";
import { describe, expect, it } from "vitest";
import { envelope, envelopeText } from "./envelope.js";

describe("an envelope around data already written as JSON", () => {
  it("is the very text the serializer writes for the same envelope", () => {
    const data = { sysInfo: { name: 'Parley "quoted" 群聊\n' }, list: [1, 2] };
    for (const lang of LANGUAGES) {
      expect(envelopeText(lang, "ok", JSON.stringify(data))).toBe(
        JSON.stringify(envelope(lang, 0, "ok", data)),
      );
      expect(
        envelopeText(lang, "config.saved", JSON.stringify(data), {
          count: 7,
          page: 2,
        }),
      ).toBe(
        JSON.stringify(
          envelope(lang, 0, "config.saved", data, { count: 7, page: 2 }),
        ),
      );
    }
  });
});
