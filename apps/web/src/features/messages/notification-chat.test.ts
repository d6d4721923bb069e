import { describe, expect, it } from "vitest";
import { chatFromNotification } from "./notification-chat";

describe("chatFromNotification", () => {
  it("takes a user id or group-N, as text or number, and nothing else", () => {
    expect(chatFromNotification("12")).toBe(12);
    expect(chatFromNotification(12)).toBe(12);
    expect(chatFromNotification("group-4")).toBe("group-4");
    expect(chatFromNotification("javascript:alert(1)")).toBeNull();
    expect(chatFromNotification(null)).toBeNull();
    expect(chatFromNotification({ id: 1 })).toBeNull();
  });
});
