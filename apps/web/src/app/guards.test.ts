import { type Actor, can, visitor } from "@parley/protocol";
import { describe, expect, it } from "vitest";
import { decideRoute, type GuardState } from "./guards";

/** The guard's input, with the actor spelled as the session and config give it. */
interface Given extends Omit<GuardState, "actor"> {
  role: number;
  demoMode: boolean;
}

const base: Given = {
  path: "/",
  search: "",
  signedIn: true,
  role: 0,
  demoMode: false,
  closed: false,
  closeTips: "Down for maintenance",
};

const actorOf = ({ signedIn, role, demoMode }: Given): Actor =>
  signedIn ? { userId: 5, role, demoMode } : visitor(demoMode);

const at = (patch: Partial<Given>) => {
  const given = { ...base, ...patch };
  return decideRoute({ ...given, actor: actorOf(given) });
};

describe("the routing guard (SPEC §4)", () => {
  it.each([
    ["/", ""],
    ["/chat", "?redirect=%2Fchat"],
    ["/manage/index", "?redirect=%2Fmanage%2Findex"],
  ])("sends a visitor on %s to /login%s", (path, query) => {
    expect(at({ path, signedIn: false })).toEqual({
      kind: "redirect",
      to: `/login${query}`,
    });
  });

  it.each(["/login", "/register", "/404", "/download"])(
    "lets a visitor stay on %s",
    (path) => {
      expect(at({ path, signedIn: false })).toEqual({ kind: "stay" });
    },
  );

  it.each(["/login", "/register"])(
    "sends a signed-in user away from %s to home",
    (path) => {
      expect(at({ path })).toEqual({ kind: "redirect", to: "/" });
    },
  );

  it("sends a signed-in user away from /login to /demo in demo mode", () => {
    expect(at({ path: "/login", demoMode: true })).toEqual({
      kind: "redirect",
      to: "/demo",
    });
  });

  describe("keeps where a visitor was going (the next target)", () => {
    it("sends a visitor on a join link to /login with it", () => {
      expect(at({ path: "/join/abc.def", signedIn: false })).toEqual({
        kind: "redirect",
        to: "/login?redirect=%2Fjoin%2Fabc.def",
      });
    });

    it.each(["/login", "/register"])(
      "sends a user just signed in on %s on to the target",
      (path) => {
        expect(at({ path, search: "?redirect=%2Fjoin%2Fabc.def" })).toEqual({
          kind: "redirect",
          to: "/join/abc.def",
        });
      },
    );

    it("keeps the target's own query", () => {
      expect(
        at({ path: "/login", search: "?redirect=%2Fchat%3Fx%3D1" }),
      ).toEqual({ kind: "redirect", to: "/chat?x=1" });
    });

    it.each([
      "//evil.example",
      "https://evil.example",
      "/\\evil.example",
      "/login",
      "/register?redirect=%2Fchat",
    ])("goes home instead of the unsafe target %s", (target) => {
      expect(
        at({
          path: "/login",
          search: `?redirect=${encodeURIComponent(target)}`,
        }),
      ).toEqual({ kind: "redirect", to: "/" });
    });

    it("goes to /demo in demo mode when the target is home", () => {
      expect(
        at({ path: "/login", search: "?redirect=%2F", demoMode: true }),
      ).toEqual({ kind: "redirect", to: "/demo" });
    });

    it("lets a visitor open /register with a target", () => {
      expect(
        at({
          path: "/register",
          search: "?redirect=%2Fjoin%2Fabc.def",
          signedIn: false,
        }),
      ).toEqual({ kind: "stay" });
    });
  });

  it("lets a token login replace the current session", () => {
    expect(at({ path: "/login", search: "?token=abc" })).toEqual({
      kind: "stay",
    });
  });

  it("refuses /manage to a normal user with the no-permission error", () => {
    expect(at({ path: "/manage/index" })).toEqual({
      kind: "redirect",
      to: "/",
      error: "noPermission",
    });
  });

  it.each<[Partial<Given>, string]>([
    [{ role: 1 }, "an administrator"],
    [{ role: 2 }, "a role-2 administrator"],
    [{ demoMode: true }, "anyone in demo mode"],
  ])("opens /manage/index to %s", (patch) => {
    expect(at({ path: "/manage/index", ...patch })).toEqual({ kind: "stay" });
  });

  it("sends /manage itself to its home", () => {
    expect(at({ path: "/manage", role: 1 })).toEqual({
      kind: "redirect",
      to: "/manage/index",
    });
  });

  describe("when the system is closed", () => {
    it("sends a normal user to /404 with the closing text", () => {
      expect(at({ path: "/chat", closed: true })).toEqual({
        kind: "redirect",
        to: "/404?msg=Down%20for%20maintenance",
      });
    });

    it("keeps the closing page where it is", () => {
      expect(at({ path: "/404", closed: true })).toEqual({ kind: "stay" });
    });

    it("sends administrators and demo mode to /manage/index", () => {
      expect(at({ path: "/chat", closed: true, role: 1 })).toEqual({
        kind: "redirect",
        to: "/manage/index",
      });
      expect(at({ path: "/", closed: true, demoMode: true })).toEqual({
        kind: "redirect",
        to: "/manage/index",
      });
      expect(at({ path: "/manage/index", closed: true, role: 1 })).toEqual({
        kind: "stay",
      });
    });

    it("keeps the login page open to visitors, who may be administrators", () => {
      expect(at({ path: "/login", closed: true, signedIn: false })).toEqual({
        kind: "stay",
      });
      expect(
        at({ path: "/register", closed: true, signedIn: false }).kind,
      ).toBe("redirect");
    });
  });

  it("lets a signed-in user stay on the chat", () => {
    expect(at({ path: "/chat" })).toEqual({ kind: "stay" });
  });

  describe("asks can() for the console (SPEC §6)", () => {
    const actors: Array<[string, Actor]> = [
      ["a normal user", { userId: 5, role: 0, demoMode: false }],
      ["an administrator", { userId: 5, role: 1, demoMode: false }],
      ["a normal user in demo mode", { userId: 5, role: 0, demoMode: true }],
    ];

    it.each(actors)(
      "opens /manage/index exactly when can() says %s may",
      (_, actor) => {
        const decision = decideRoute({
          path: "/manage/index",
          search: "",
          signedIn: true,
          actor,
          closed: false,
          closeTips: "",
        });
        expect(decision.kind === "stay").toBe(can(actor, "console.open"));
      },
    );

    it("sends a visitor in demo mode to the console while the system is closed", () => {
      expect(
        decideRoute({
          path: "/chat",
          search: "",
          signedIn: false,
          actor: visitor(true),
          closed: true,
          closeTips: "",
        }),
      ).toEqual({ kind: "redirect", to: "/manage/index" });
    });
  });
});
