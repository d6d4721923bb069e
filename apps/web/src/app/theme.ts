import type { ThemeConfig } from "antd";

/** Parley's look: antd's default algorithm with our brand colour. */
export const theme: ThemeConfig = {
  token: {
    colorPrimary: "#1f6feb",
    borderRadius: 8,
    fontFamily:
      '-apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Noto Sans CJK SC", "PingFang SC", "Microsoft YaHei", sans-serif',
  },
};
