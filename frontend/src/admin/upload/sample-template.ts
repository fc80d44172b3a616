/**
 * The sample template (spec §3): the ten columns an upload needs at least, as a CSV made in the browser
 * and saved as a file (a Blob download: nothing is asked of the server). One example row shows the
 * formats: a dot for decimals, a two-letter country code.
 */
export const TEMPLATE_COLUMNS = ['name', 'address', 'phone', 'category', 'latitude', 'longitude', 'rating', 'reviewCount', 'place_id', 'country_code'] as const;

const EXAMPLE_ROW = ['Örnek Kafe', 'İstiklal Cd. No:1, Beyoğlu, İstanbul', '+90 212 000 00 00', 'Kafe', '41.0336', '28.9770', '4.5', '120', 'ChIJexample0000000000000', 'TR'];

export const TEMPLATE_FILE_NAME = 'ornek-sablon.csv';

function csvCell(value: string): string {
  return /[",\n\r]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

export function templateCsv(): string {
  // The BOM lets Excel read the file as UTF-8 (Turkish letters intact).
  return `\uFEFF${[TEMPLATE_COLUMNS as readonly string[], EXAMPLE_ROW].map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

export function downloadTemplate(): void {
  const url = URL.createObjectURL(new Blob([templateCsv()], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = TEMPLATE_FILE_NAME;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the browser has taken the file.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
