/// <reference types="node" />
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// main.tsx loads Mantine's styles per component (half the CSS of the whole sheet over the wire). A component
// the app starts using must get its style line there, or it renders unstyled: this test names the missing ones.

const SRC = import.meta.dirname;
const STYLES = path.resolve(SRC, "../../../node_modules/@mantine/core/styles");

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith(".test.ts") ? [full] : [];
  });
}

describe("Mantine styles", () => {
  it("the style sheet of every @mantine/core component the app uses is loaded (by main.tsx, or by the lazy page chunk that uses it)", () => {
    const used = new Set<string>();
    for (const file of sourceFiles(SRC)) {
      for (const match of fs.readFileSync(file, "utf8").matchAll(/import\s*\{([^}]+)\}\s*from\s*"@mantine\/core"/g)) {
        for (const name of (match[1] ?? "").split(",").map((n) => n.trim())) {
          if (/^[A-Z]/.test(name) && fs.existsSync(path.join(STYLES, `${name}.css`))) used.add(name);
        }
      }
    }
    // main.tsx loads the shell's; a component used only by lazily loaded pages may be loaded by the file
    // that uses it (Vite puts that CSS in the page's chunk, keeping it off the first load).
    const loaded = sourceFiles(SRC)
      .map((file) => fs.readFileSync(file, "utf8"))
      .join("\n");
    const missing = [...used].filter((name) => !loaded.includes(`import "@mantine/core/styles/${name}.css"`));
    expect(used.size).toBeGreaterThan(20);
    expect(missing).toEqual([]);
  });
});
