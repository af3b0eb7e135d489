// Writes a brotli (.br) and a gzip (.gz) copy beside every compressible file of the built client, so the
// server sends them as they are (`@fastify/static` with `preCompressed`) without compressing per request.
// Runs after `vite build` (the package's build script).
import fs from "node:fs";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import zlib from "node:zlib";

const dist = path.resolve(import.meta.dirname, "../dist");
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map|webmanifest)$/;
const MIN_BYTES = 1024;

function* files(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (COMPRESSIBLE.test(entry.name) && fs.statSync(full).size >= MIN_BYTES) yield full;
  }
}

let count = 0;
let before = 0;
let after = 0;
for (const file of files(dist)) {
  const size = fs.statSync(file).size;
  await pipeline(
    fs.createReadStream(file),
    zlib.createBrotliCompress({
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size },
    }),
    fs.createWriteStream(`${file}.br`),
  );
  await pipeline(fs.createReadStream(file), zlib.createGzip({ level: 9 }), fs.createWriteStream(`${file}.gz`));
  count += 1;
  before += size;
  after += fs.statSync(`${file}.br`).size;
}
console.log(`precompressed ${count} files: ${(before / 1024).toFixed(0)} KB → ${(after / 1024).toFixed(0)} KB brotli`);
