import { describe, expect, it } from "vitest";
import { addressWithoutTicket } from "./login-link";

describe("addressWithoutTicket", () => {
  it.each([
    [
      "the ticket alone",
      "https://chat.example/#/login?token=AbC-_1",
      "https://chat.example/#/login",
    ],
    [
      "the ticket among other parameters",
      "https://chat.example/app/#/login?redirect=%2Fmanage%2Findex&token=AbC&lang=en",
      "https://chat.example/app/#/login?redirect=%2Fmanage%2Findex&lang=en",
    ],
    [
      "every copy of the parameter",
      "http://localhost:5173/#/login?token=a&token=b",
      "http://localhost:5173/#/login",
    ],
  ])("drops %s", (_name, href, expected) => {
    expect(addressWithoutTicket(href)).toBe(expected);
  });

  it.each([
    ["no query", "https://chat.example/#/login"],
    ["no ticket", "https://chat.example/#/login?redirect=%2Fchat"],
    ["no hash", "https://chat.example/"],
  ])("leaves an address with %s as it was", (_name, href) => {
    expect(addressWithoutTicket(href)).toBe(href);
  });
});
