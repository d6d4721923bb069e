import "@testing-library/jest-dom/vitest";
import { cleanup } from "@testing-library/react";
import { afterEach, beforeAll } from "vitest";

// jsdom has no layout and runs no animation, so no `animationend` ever fires; yet its
// style objects know `animation`, which makes antd's motion library (rc-motion) wait for
// that event before it unmounts a closed dialog or popup. Without the property, rc-motion
// sees no animation support and opens and closes them at once, as for a browser without.
const styleProto: object = Object.getPrototypeOf(
  document.createElement("div").style,
) as object;
for (const name of ["animation", "WebkitAnimation"]) {
  Reflect.deleteProperty(styleProto, name);
}

// The app fetches most namespaces with the screens that show them; a component test
// renders its component alone, so every namespace is there from the start.
beforeAll(async () => {
  const { i18n, NAMESPACES } = await import("./i18n");
  await i18n.loadNamespaces([...NAMESPACES]);
});

afterEach(() => {
  cleanup();
  localStorage.clear();
});
