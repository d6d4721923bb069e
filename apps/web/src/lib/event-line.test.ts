import { describe, expect, it } from "vitest";
import { eventLine } from "./event-line";

describe("withdrawn messages (issue 11)", () => {
  const t = (key: string, options: Record<string, string>) =>
    `${key}|${options.actor ?? ""}`;
  const line = { event: "undo", user_id: 2, realname: "Ann" };

  it("names who withdrew it, from the reader's side", () => {
    expect(eventLine(line, "", "fallback", t)).toBe("messages:events.undo|Ann");
    expect(eventLine(line, "", "fallback", t, true)).toBe(
      "messages:events.undoMine|Ann",
    );
    expect(eventLine({ ...line, manager: 1 }, "", "fallback", t)).toBe(
      "messages:events.undoByManager|Ann",
    );
    expect(eventLine({ ...line, manager: 1 }, "", "fallback", t, true)).toBe(
      "messages:events.undoMineByManager|Ann",
    );
    // Withdrawn by the group's owner, who is not "an administrator".
    const byOwner = { ...line, manager: 1, managerRole: 1 };
    expect(eventLine(byOwner, "", "fallback", t)).toBe(
      "messages:events.undoByOwner|Ann",
    );
    expect(eventLine(byOwner, "", "fallback", t, true)).toBe(
      "messages:events.undoMineByOwner|Ann",
    );
  });
});
