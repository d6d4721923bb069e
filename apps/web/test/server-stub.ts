import { vi } from "vitest";

/** What a stubbed server answers a call with: an envelope's fields (count, page, msg default). */
export type StubAnswer = (
  path: string,
  body: Record<string, unknown>,
) => object;

/**
 * The server as `fetch` sees it: each JSON call answered with an envelope by its path and
 * body. Stub the boundary, never mock the API module: test files share one module graph,
 * and a mocked module stays mocked for every module first loaded while the file ran.
 * `vi.unstubAllGlobals()` takes it away.
 */
export function stubServer(answer: StubAnswer): void {
  vi.stubGlobal(
    "fetch",
    vi.fn((path: string, init?: RequestInit) => {
      const body = JSON.parse(
        typeof init?.body === "string" ? init.body : "{}",
      ) as Record<string, unknown>;
      return Promise.resolve(
        new Response(
          JSON.stringify({ count: 0, page: 0, msg: "", ...answer(path, body) }),
        ),
      );
    }),
  );
}
