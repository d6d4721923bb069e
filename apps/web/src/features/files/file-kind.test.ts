import { describe, expect, it } from "vitest";
import { fileKind, thumbUrl } from "./file-kind";

describe("a library card's icon", () => {
  it("goes by extension first, then category, then message type", () => {
    expect(fileKind({ ext: "PDF", cate: 1, msg_type: "file" })).toBe("pdf");
    expect(fileKind({ ext: "docx", cate: 1, msg_type: "file" })).toBe("word");
    expect(fileKind({ ext: "svg", cate: 2, msg_type: "file" })).toBe("image");
    expect(fileKind({ ext: "wav", cate: 3, msg_type: "voice" })).toBe("audio");
    expect(fileKind({ ext: "mp4", cate: 4, msg_type: "video" })).toBe("video");
    expect(fileKind({ ext: "", cate: 5, msg_type: "file" })).toBe("other");
  });

  it("asks for a picture's small copy", () => {
    expect(thumbUrl("/files/7")).toBe("/files/7?thumb=1");
    expect(thumbUrl("/files/7?v=2")).toBe("/files/7?v=2&thumb=1");
  });
});
