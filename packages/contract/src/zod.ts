import { config, z } from "zod";

// Zod compiles faster parsers with `new Function` where it may, and probes for that while building
// object schemas. In a browser the app's Content-Security-Policy forbids eval (script-src 'self'), and
// even the probe is reported as a violation; so in a browser zod runs without it. Every contract file
// imports `z` from here, so this runs before any schema is built. The server keeps zod's fast parsers.
if (typeof document !== "undefined") config({ jitless: true });

export { z };
