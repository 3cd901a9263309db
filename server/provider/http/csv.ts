import type { Response } from 'express';
import { sql } from 'kysely';

/**
 * CSV downloads (the dashboard's exports, an offer's single-use codes): RFC 4180 cells no spreadsheet
 * runs as a formula, the file opened as a download and written as it is read, and instants as the shop's
 * clock shows them.
 */

/**
 * A text that a spreadsheet cannot run: an apostrophe before every = + - @ that starts the text or
 * follows a comma, a semicolon, a tab or a line break. The file's cells are comma-separated and quoted,
 * but a spreadsheet set to `;` (most of continental Europe) or a tab reads a name such as `Ana;=1+2;`
 * across the commas and quotes, and would start a new cell at every such separator; a leading tab or
 * carriage return is marked too.
 */
function inert(text: string): string {
  return text.replace(/(^|[,;\t\r\n])([=+\-@])/g, "$1'$2").replace(/^[\t\r]/, "'$&");
}

/** A number written as it is, unquoted (an amount in major units keeps its zeros: `210.50`). */
export class Plain {
  readonly text: string;
  constructor(text: string) {
    this.text = text;
  }
}

/** One CSV cell: numbers as they are, every text quoted (RFC 4180) and made inert. */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  if (value instanceof Plain) return value.text;
  const text = value instanceof Date ? value.toISOString() : String(value);
  return `"${inert(text).replace(/"/g, '""')}"`;
}

export const line = (cells: unknown[]) => `${cells.map(csvCell).join(',')}\r\n`;

/** Where an export is written as it is read: the route opens it as a download named `fileName` (HTTP is the route's business). */
export interface CsvFile {
  write(text: string): unknown;
  end(): unknown;
}
export type OpenCsv = (fileName: string) => CsvFile;

/** An export's file: a CSV download, never cached (its rows are the shop's). */
export const csvDownload =
  (res: Response): OpenCsv =>
  (fileName) => {
    res.status(200);
    res.setHeader('content-type', 'text/csv; charset=utf-8');
    res.setHeader('content-disposition', `attachment; filename="${fileName}"`);
    res.setHeader('cache-control', 'no-store');
    return res;
  };

/** An instant as the shop's clock showed it, `YYYY-MM-DD HH:MM:SS`, computed by PostgreSQL's time zone data. */
export const localTime = (column: string, timeZone: string) =>
  sql<string | null>`to_char(${sql.ref(column)} at time zone ${timeZone}, 'YYYY-MM-DD HH24:MI:SS')`;
