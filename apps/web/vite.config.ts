import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const api = "http://localhost:8080";

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    // In development the API and the socket stay on the server; Vite serves the page.
    proxy: {
      "/common": api,
      "/enterprise": api,
      "/manage": api,
      "/wss": { target: api.replace("http", "ws"), ws: true },
    },
  },
  build: { outDir: "dist", emptyOutDir: true },
});
