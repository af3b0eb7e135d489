/**
 * RFC 4180 CSV: quoted fields with doubled quotes, commas and line breaks inside quotes, CRLF or LF
 * line ends, a leading byte-order mark. A header line with tabs and no commas reads as tab-separated.
 */
export function parseCsv(text: string): string[][] {
  const input = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const firstLine = input.slice(0, input.search(/\r?\n|$/));
  const delimiter = firstLine.includes("\t") && !firstLine.includes(",") ? "\t" : ",";
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  let i = 0;
  while (i < input.length) {
    const ch = input[i]!;
    if (quoted) {
      if (ch === '"') {
        if (input[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
      } else {
        field += ch;
      }
      i += 1;
      continue;
    }
    if (ch === '"' && field === "") {
      quoted = true;
    } else if (ch === delimiter) {
      row.push(field);
      field = "";
    } else if (ch === "\n" || ch === "\r") {
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
      if (ch === "\r" && input[i + 1] === "\n") i += 1;
    } else {
      field += ch;
    }
    i += 1;
  }
  if (field !== "" || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  // Blank lines carry no record.
  return rows.filter((r) => !(r.length === 1 && r[0]!.trim() === ""));
}

/** Records keyed by the header's column names (trimmed, lower case, spaces as underscores). */
export function csvRecords(text: string): { columns: string[]; records: Record<string, string>[] } {
  const [header, ...rows] = parseCsv(text);
  if (!header) return { columns: [], records: [] };
  const columns = header.map((h) =>
    h
      .trim()
      .toLowerCase()
      .replace(/[\s-]+/g, "_"),
  );
  const records = rows.map((cells) => Object.fromEntries(columns.map((c, i) => [c, cells[i] ?? ""])));
  return { columns, records };
}
