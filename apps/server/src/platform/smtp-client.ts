import net from "node:net";
import tls from "node:tls";

/** Where SMTP_URL points: `smtp://[user:pass@]host[:port]` (STARTTLS when offered) or `smtps://` (TLS from the start). */
export interface SmtpTarget {
  host: string;
  port: number;
  secure: boolean;
  user?: string;
  pass?: string;
  /** `?ignoreTLS=true`: never upgrade with STARTTLS. */
  ignoreTLS: boolean;
  /** `?tls.rejectUnauthorized=false`: accept a self-signed certificate (development servers). */
  rejectUnauthorized: boolean;
}

export function parseSmtpUrl(url: string): SmtpTarget {
  const u = new URL(url);
  const secure = u.protocol === "smtps:";
  if (u.protocol !== "smtp:" && !secure)
    throw new Error(`SMTP_URL must start with smtp:// or smtps:// (${u.protocol})`);
  return {
    host: u.hostname,
    port: u.port ? Number(u.port) : secure ? 465 : 587,
    secure,
    ...(u.username ? { user: decodeURIComponent(u.username), pass: decodeURIComponent(u.password) } : {}),
    ignoreTLS: u.searchParams.get("ignoreTLS") === "true",
    rejectUnauthorized: u.searchParams.get("tls.rejectUnauthorized") !== "false",
  };
}

export interface SmtpReply {
  code: number;
  text: string;
}

export class SmtpError extends Error {
  constructor(
    message: string,
    readonly reply?: SmtpReply,
  ) {
    super(message);
  }
}

/**
 * A small SMTP client (RFC 5321) that lets the caller decide when a message is final: `send`
 * writes the whole message except the DATA terminator ("\r\n.\r\n"), awaits `beforeCommit`, and
 * writes the terminator only when it resolves. Until then the server holds an unfinished
 * transaction that it discards when the connection goes away, so nothing is delivered.
 */
export class SmtpSession {
  private buffer = "";
  private lines: string[] = [];
  private waiting: ((line: string | Error) => void) | null = null;
  private failure: Error | null = null;
  private extensions = new Set<string>();

  private constructor(
    private socket: net.Socket,
    private readonly timeoutMs: number,
  ) {
    this.listen(socket);
  }

  static async open(target: SmtpTarget, { timeoutMs = 30_000, name = "starboard.local" } = {}): Promise<SmtpSession> {
    const socket = await new Promise<net.Socket>((resolve, reject) => {
      const s = target.secure
        ? tls.connect({
            host: target.host,
            port: target.port,
            servername: target.host,
            rejectUnauthorized: target.rejectUnauthorized,
          })
        : net.connect({ host: target.host, port: target.port });
      s.once(target.secure ? "secureConnect" : "connect", () => resolve(s));
      s.once("error", reject);
      s.setTimeout(timeoutMs, () => s.destroy(new Error("SMTP connection timed out")));
    });
    const session = new SmtpSession(socket, timeoutMs);
    try {
      await session.expect(await session.reply(), [220]);
      await session.hello(name);
      if (!target.secure && !target.ignoreTLS && session.extensions.has("STARTTLS")) {
        await session.expect(await session.command("STARTTLS"), [220]);
        await session.upgrade(target);
        await session.hello(name);
      }
      if (target.user) await session.login(target.user, target.pass ?? "");
      return session;
    } catch (error) {
      session.destroy();
      throw error;
    }
  }

  /**
   * One message to its recipients. Answers the server's reply to the terminator (250: accepted).
   * A `beforeCommit` that throws ends the connection before the terminator: nothing is delivered.
   */
  async send(
    envelope: { from: string; to: string[] },
    raw: Buffer | string,
    {
      beforeCommit,
      afterTerminator,
    }: { beforeCommit?: () => Promise<void>; afterTerminator?: () => Promise<void> } = {},
  ): Promise<SmtpReply> {
    await this.expect(await this.command(`MAIL FROM:<${envelope.from}>`), [250]);
    for (const to of envelope.to) await this.expect(await this.command(`RCPT TO:<${to}>`), [250, 251]);
    await this.expect(await this.command("DATA"), [354]);
    // CRLF line ends, a leading dot doubled (RFC 5321 §4.5.2); the last line end belongs to the terminator.
    const body = raw
      .toString()
      .replace(/\r?\n/g, "\r\n")
      .replace(/^\./gm, "..")
      .replace(/(\r\n)+$/, "");
    await this.write(body);
    if (beforeCommit) {
      try {
        await beforeCommit();
      } catch (error) {
        this.destroy();
        throw error;
      }
    }
    await this.write("\r\n.\r\n");
    await afterTerminator?.();
    return this.expect(await this.reply(), [250]);
  }

  async quit() {
    try {
      await this.command("QUIT");
    } catch {
      // the message is settled; a QUIT that fails changes nothing
    }
    this.destroy();
  }

  destroy() {
    this.socket.destroy();
  }

  private async hello(name: string) {
    let reply = await this.command(`EHLO ${name}`);
    if (reply.code !== 250) reply = await this.expect(await this.command(`HELO ${name}`), [250]);
    this.extensions = new Set(
      reply.text
        .split("\n")
        .slice(1)
        .map((l) => l.trim().split(/\s+/)[0]?.toUpperCase() ?? ""),
    );
    const auth = reply.text.split("\n").find((l) => /^AUTH\b/i.test(l.trim()));
    if (auth) for (const m of auth.trim().split(/\s+/).slice(1)) this.extensions.add(`AUTH=${m.toUpperCase()}`);
  }

  private async login(user: string, pass: string) {
    if (this.extensions.has("AUTH=PLAIN") || !this.extensions.has("AUTH=LOGIN")) {
      const token = Buffer.from(`\0${user}\0${pass}`).toString("base64");
      await this.expect(await this.command(`AUTH PLAIN ${token}`), [235]);
      return;
    }
    await this.expect(await this.command("AUTH LOGIN"), [334]);
    await this.expect(await this.command(Buffer.from(user).toString("base64")), [334]);
    await this.expect(await this.command(Buffer.from(pass).toString("base64")), [235]);
  }

  private async upgrade(target: SmtpTarget) {
    const plain = this.socket;
    plain.removeAllListeners("data");
    this.socket = await new Promise<tls.TLSSocket>((resolve, reject) => {
      const s = tls.connect({
        socket: plain,
        servername: target.host,
        rejectUnauthorized: target.rejectUnauthorized,
      });
      s.once("secureConnect", () => resolve(s));
      s.once("error", reject);
    });
    this.socket.setTimeout(this.timeoutMs, () => this.socket.destroy(new Error("SMTP connection timed out")));
    this.listen(this.socket);
  }

  private listen(socket: net.Socket) {
    // The terminator goes out at once (no Nagle delay): it keeps the uncertain window one round trip.
    socket.setNoDelay(true);
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => {
      this.buffer += chunk;
      let i = this.buffer.indexOf("\n");
      while (i >= 0) {
        this.push(this.buffer.slice(0, i).replace(/\r$/, ""));
        this.buffer = this.buffer.slice(i + 1);
        i = this.buffer.indexOf("\n");
      }
    });
    const fail = (error: Error) => {
      this.failure ??= error;
      const w = this.waiting;
      this.waiting = null;
      w?.(this.failure);
    };
    socket.on("error", fail);
    socket.on("close", () => fail(new SmtpError("SMTP connection closed")));
  }

  private push(line: string) {
    const w = this.waiting;
    if (w) {
      this.waiting = null;
      w(line);
    } else this.lines.push(line);
  }

  private nextLine(): Promise<string> {
    const line = this.lines.shift();
    if (line !== undefined) return Promise.resolve(line);
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => {
      this.waiting = (l) => (l instanceof Error ? reject(l) : resolve(l));
    });
  }

  /** One reply, its lines joined ("250-first", ..., "250 last"). */
  private async reply(): Promise<SmtpReply> {
    const texts: string[] = [];
    for (;;) {
      const line = await this.nextLine();
      const code = Number(line.slice(0, 3));
      texts.push(line.slice(4));
      if (line[3] !== "-") return { code, text: texts.join("\n") };
    }
  }

  private write(data: string): Promise<void> {
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => this.socket.write(data, (err) => (err ? reject(err) : resolve())));
  }

  private async command(line: string): Promise<SmtpReply> {
    await this.write(`${line}\r\n`);
    return this.reply();
  }

  private expect(reply: SmtpReply, codes: number[]): SmtpReply {
    if (!codes.includes(reply.code)) throw new SmtpError(`SMTP ${reply.code} ${reply.text}`, reply);
    return reply;
  }
}
