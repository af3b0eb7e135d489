import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: { "/api": `http://127.0.0.1:${process.env.API_PORT ?? 3000}` },
  },
  build: {
    outDir: "dist",
    sourcemap: true,
    chunkSizeWarningLimit: 800,
    rollupOptions: {
      output: {
        // Mantine's Popover and floating helpers in a chunk of their own: left to itself, Rollup hoists them into
        // the entry when enough lazy pages share them, and the shell's first load grows with code it does not run.
        manualChunks(id) {
          if (/@mantine\/core\/esm\/(components\/Popover|utils\/Floating)\//.test(id)) return "popover";
          return undefined;
        },
      },
    },
  },
});
