import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client, startTestApp, type TestApp } from "../test/harness.ts";

// How the built client and every answer are delivered: precompressed files with the right encoding,
// long caching for hashed files only, and the security headers (issue 12, docs/api.md "Delivery").

const SCRIPT = `console.log(${JSON.stringify("starboard ".repeat(400))});\n`;
let dist: string;
let t: TestApp;
let https: TestApp;

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), "starboard-dist-"));
  fs.mkdirSync(path.join(dist, "assets"));
  fs.writeFileSync(
    path.join(dist, "index.html"),
    '<!doctype html><script type="module" src="/assets/app-3f9a1c.js"></script>',
  );
  const script = path.join(dist, "assets/app-3f9a1c.js");
  fs.writeFileSync(script, SCRIPT);
  fs.writeFileSync(`${script}.br`, zlib.brotliCompressSync(SCRIPT));
  fs.writeFileSync(`${script}.gz`, zlib.gzipSync(SCRIPT));
  fs.writeFileSync(path.join(dist, "favicon.svg"), "<svg xmlns='http://www.w3.org/2000/svg'/>");
  t = await startTestApp({ workers: false, webDist: dist });
  https = await startTestApp({ workers: false, webDist: dist, env: { PUBLIC_URL: "https://reviews.example.com" } });
});
afterAll(async () => {
  await t?.close();
  await https?.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

/** A GET whose body comes back as sent (fetch would undo the content encoding). */
function get(app: TestApp, p: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: Headers; body: Buffer }>((resolve, reject) => {
    http
      .get(`${app.baseUrl}${p}`, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          const h = new Headers();
          for (const [k, v] of Object.entries(res.headers)) if (typeof v === "string") h.set(k, v);
          resolve({ status: res.statusCode ?? 0, headers: h, body: Buffer.concat(chunks) });
        });
      })
      .on("error", reject);
  });
}

describe("the built client", () => {
  it("sends the brotli copy to a browser that accepts it, cached for a year", async () => {
    const res = await get(t, "/assets/app-3f9a1c.js", { "accept-encoding": "gzip, deflate, br" });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-encoding")).toBe("br");
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(res.headers.get("content-type")).toContain("javascript");
    const body = res.body;
    expect(body.length).toBeLessThan(SCRIPT.length / 5);
    expect(zlib.brotliDecompressSync(body).toString()).toBe(SCRIPT);
  });

  it("sends gzip to a client that takes gzip only, and the file itself to one that takes neither", async () => {
    const gz = await get(t, "/assets/app-3f9a1c.js", { "accept-encoding": "gzip" });
    expect(gz.headers.get("content-encoding")).toBe("gzip");
    expect(zlib.gunzipSync(gz.body).toString()).toBe(SCRIPT);
    const plain = await get(t, "/assets/app-3f9a1c.js", { "accept-encoding": "identity" });
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(plain.body.toString()).toBe(SCRIPT);
  });

  it("revalidates files that are not hashed, and the page itself", async () => {
    const icon = await get(t, "/favicon.svg");
    expect(icon.headers.get("cache-control")).toBe("no-cache");
    const page = await get(t, "/dashboard");
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toContain("text/html");
    expect(page.headers.get("cache-control")).toBe("no-cache");
  });
});

describe("security headers", () => {
  it("give the app a policy without inline or third-party scripts, never framed", async () => {
    const page = await get(t, "/reviews");
    const csp = page.headers.get("content-security-policy") ?? "";
    const scriptSrc = csp.split(";").find((d) => d.trim().startsWith("script-src"));
    expect(scriptSrc?.trim()).toBe("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(page.headers.get("x-content-type-options")).toBe("nosniff");
    expect(page.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(page.headers.get("strict-transport-security")).toBeNull();
  });

  it("are on API answers too, errors included", async () => {
    const anon = new Client(t.baseUrl);
    for (const res of [await anon.get("/api/health"), await anon.get("/api/reviews"), await anon.get("/api/nowhere")]) {
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    }
  });

  it("add HSTS only when the public URL is https", async () => {
    const page = await get(https, "/reviews");
    expect(page.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
    expect(page.headers.get("content-security-policy")).toContain("upgrade-insecure-requests");
  });
});
