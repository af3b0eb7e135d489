import { Readable } from "node:stream";
import { CsvError, parse } from "csv-parse";
import { AppError } from "../../platform/errors.ts";

/**
 * CSV files of reviews, read with csv-parse as a stream of records: RFC 4180 quoting (doubled quotes,
 * delimiters and line breaks inside quotes), CRLF, LF or CR line ends, a leading byte-order mark, rows of
 * uneven length, quotes inside unquoted fields kept as they are. A header line with tabs and no commas
 * reads as tab-separated. Blank lines carry no record.
 */

/** Column names as the import reads them: trimmed, lower case, spaces and dashes as underscores. */
export function columnName(header: string) {
  return header
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, "_");
}

/** Tab-separated when the first line has tabs and no commas. */
function delimiterOf(content: Buffer) {
  const end = content.findIndex((byte) => byte === 0x0a || byte === 0x0d);
  const firstLine = content.subarray(0, end === -1 ? content.length : end).toString("utf8");
  return firstLine.includes("\t") && !firstLine.includes(",") ? "\t" : ",";
}

const isBlank = (cells: string[]) => cells.length === 1 && cells[0]!.trim() === "";

/**
 * The file's records keyed by the header's column names (a missing cell reads as ""), in file order:
 * record n is data row n (the header is not counted), the row number the import's error report gives.
 * Reading stops after `maxRecords` + 1 records (the caller refuses a file that long). A file that is not
 * CSV (a quote never closed, text after a closing quote) answers 400 on `file` with the line.
 */
export async function csvRecords(
  content: Buffer,
  opts: { maxRecords?: number } = {},
): Promise<{ columns: string[]; records: Record<string, string>[] }> {
  const parser = Readable.from([content]).pipe(
    parse({
      bom: true,
      delimiter: delimiterOf(content),
      relax_quotes: true,
      relax_column_count: true,
      skip_empty_lines: true,
      on_record: (cells: string[]) => (isBlank(cells) ? null : cells),
    }),
  );
  let columns: string[] | undefined;
  const records: Record<string, string>[] = [];
  const limit = opts.maxRecords ?? Number.POSITIVE_INFINITY;
  try {
    for await (const cells of parser as AsyncIterable<string[]>) {
      if (!columns) {
        columns = cells.map(columnName);
        continue;
      }
      const header = columns;
      records.push(Object.fromEntries(header.map((c, i) => [c, cells[i] ?? ""])));
      if (records.length > limit) break;
    }
  } catch (error) {
    if (error instanceof CsvError) {
      const where = /\bline \d+/.test(error.message) ? "" : ` (line ${parser.info.lines})`;
      throw AppError.invalid("file", `The file is not valid CSV: ${error.message}${where}.`);
    }
    throw error;
  } finally {
    parser.destroy();
  }
  return { columns: columns ?? [], records };
}
