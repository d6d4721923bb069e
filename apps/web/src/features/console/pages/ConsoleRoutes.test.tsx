import { render, screen } from "@testing-library/react";
import { MemoryRouter, Outlet, Route, Routes, useLocation } from "react-router";
import { describe, expect, it } from "vitest";
import { ConsoleRoutes } from "./ConsoleRoutes";

function Where() {
  return <p>{`at ${useLocation().pathname}`}</p>;
}

describe("the console's own routes", () => {
  it("sends an address under /manage that names no page to the 404 screen", async () => {
    render(
      <MemoryRouter initialEntries={["/manage/no-such-page"]}>
        <Routes>
          <Route path="/manage/*" element={<ConsoleRoutes Layout={Outlet} />} />
          <Route path="/404" element={<Where />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(await screen.findByText("at /404")).toBeInTheDocument();
  });
});
