import fs from "node:fs";
import path from "node:path";

/**
 * A sandbox's state on disk (`DATA_DIR/sandboxes/<source>.json`), so a restart finds the replies,
 * deletions and reviews it held. Written whole, to a temporary file renamed over the old one, a
 * moment after the last change (and at once on close).
 */
export class SandboxStore<T> {
  readonly #file: string;
  readonly #snapshot: () => T;
  #timer: NodeJS.Timeout | undefined;

  constructor(dir: string, name: string, snapshot: () => T) {
    this.#file = path.join(dir, `${name}.json`);
    this.#snapshot = snapshot;
  }

  /** The saved state; undefined when there is none (or it cannot be read). */
  load(): T | undefined {
    try {
      return JSON.parse(fs.readFileSync(this.#file, "utf8")) as T;
    } catch {
      return undefined;
    }
  }

  /** Saves soon; several changes in a row are written once. */
  changed(): void {
    if (this.#timer) return;
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      this.flush();
    }, 200);
    this.#timer.unref();
  }

  flush(): void {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = undefined;
    fs.mkdirSync(path.dirname(this.#file), { recursive: true });
    const temporary = `${this.#file}.${process.pid}.tmp`;
    fs.writeFileSync(temporary, JSON.stringify(this.#snapshot()));
    fs.renameSync(temporary, this.#file);
  }
}
