import { describe, expect, it } from "vitest";
import { makeMessage } from "../../../../test/factories";
import { chatItems } from "./chat-items";
import {
  arrivedFromOthers,
  distanceFromEnd,
  followsAfterScroll,
  mySendAppended,
  openingPosition,
} from "./list-scroll";

const me = { id: 1, avatar: "", name: "Me" };
const rows = (...seqs: [number, number][]) =>
  chatItems([seqs.map(([seq, from]) => makeMessage(seq, from))], [], me);
const sending = (content: string) =>
  chatItems(
    [[makeMessage(1, 2)]],
    [{ id: "o", contactId: 2, content, sendTime: 0, status: "going" }],
    me,
  );

describe("where a chat opens", () => {
  it("opens at the newest message when nothing was unread", () => {
    expect(openingPosition(rows([1, 2], [2, 1]), null)).toEqual({
      index: "LAST",
      align: "end",
    });
  });

  it("opens with the first unread message at the top", () => {
    const items = rows([1, 1], [2, 2], [3, 2]);
    expect(openingPosition(items, "2:m2")).toEqual({
      index: 1,
      align: "start",
    });
  });

  it("falls back to the newest message when the line's row is not loaded", () => {
    expect(openingPosition(rows([1, 2]), "2:m99")).toEqual({
      index: "LAST",
      align: "end",
    });
  });
});

describe("bringing my own send into view", () => {
  it("sees my new message at the end, whatever was shown before", () => {
    expect(mySendAppended(rows([1, 2]), sending("hi"))).toBe(true);
  });

  it("does not jump again for a send already shown (a resend, a re-render)", () => {
    const shown = sending("hi");
    expect(mySendAppended(shown, shown)).toBe(false);
  });

  it("does not jump for another's message, nor my stored message from another device", () => {
    expect(mySendAppended(rows([1, 2]), rows([1, 2], [2, 2]))).toBe(false);
    expect(mySendAppended(rows([1, 2]), rows([1, 2], [2, 1]))).toBe(false);
  });
});

describe("the distance to the end of the list", () => {
  it("is what lies below the visible part", () => {
    expect(
      distanceFromEnd({
        scrollHeight: 1000,
        scrollTop: 300,
        clientHeight: 500,
      }),
    ).toBe(200);
    expect(
      distanceFromEnd({
        scrollHeight: 1000,
        scrollTop: 500,
        clientHeight: 500,
      }),
    ).toBe(0);
  });
});

describe("counting arrivals for the new-messages pill", () => {
  it("counts the other side's new rows at the end", () => {
    const before = rows([1, 2], [2, 1]);
    const after = rows([1, 2], [2, 1], [3, 2], [4, 1], [5, 2]);
    expect(arrivedFromOthers(before, after)).toBe(2);
  });

  it("counts them when the pages were read again and the oldest rows moved off", () => {
    // The socket came back: the chat's pages are read again, one message later each.
    const before = rows([1, 2], [2, 2], [3, 2], [4, 2]);
    const after = rows([2, 2], [3, 2], [4, 2], [5, 2]);
    expect(arrivedFromOthers(before, after)).toBe(1);
  });

  it("counts nothing when no row from before is left", () => {
    expect(arrivedFromOthers(rows([1, 2]), rows([7, 2], [8, 2]))).toBe(0);
  });

  it("does not count older pages loaded above", () => {
    const before = rows([5, 2], [6, 2]);
    const after = rows([1, 2], [2, 2], [3, 2], [4, 2], [5, 2], [6, 2]);
    expect(arrivedFromOthers(before, after)).toBe(0);
  });

  it("does not count my own sends or a stored copy replacing my pending row", () => {
    const before = sending("hi");
    const after = chatItems(
      [[makeMessage(1, 2), makeMessage(2, 1, { id: "o" })]],
      [],
      me,
    );
    expect(arrivedFromOthers(before, after)).toBe(0);
  });

  it("counts nothing for a list that was empty", () => {
    expect(arrivedFromOthers([], rows([1, 2]))).toBe(0);
  });
});

describe("following the newest row through scroll events", () => {
  const box = (scrollTop: number, scrollHeight = 2_000) => ({
    scrollTop,
    scrollHeight,
    clientHeight: 500,
  });

  it("follows whenever the end is within the threshold", () => {
    expect(followsAfterScroll(false, 1_500, box(1_450), 80)).toBe(true);
  });

  it("keeps following while a smooth scroll moves down and new rows push the end away", () => {
    // Halfway through the animation three rows arrived: 300 px still below.
    expect(followsAfterScroll(true, 1_100, box(1_200), 80)).toBe(true);
  });

  it("stops following when the reader moves up away from the end", () => {
    expect(followsAfterScroll(true, 1_500, box(1_300), 80)).toBe(false);
  });

  it("does not start following on a move down that stops short of the end", () => {
    expect(followsAfterScroll(false, 200, box(600), 80)).toBe(false);
  });
});
