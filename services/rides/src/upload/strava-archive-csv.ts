import { isCyclingSportType } from '@domestique/proto';

/**
 * Strava's "Download your data" archive lists every activity in `activities.csv`: the id, date,
 * name and type, and the file under `activities/` (`activities/123.fit.gz`; empty for a manual
 * activity). The importer takes names and types from it (a file rarely carries a name).
 */
export interface ArchiveActivity {
  activityId: string;
  name: string | null;
  /** Strava's sport type without spaces ("Virtual Ride" -> "VirtualRide") */
  sportType: string | null;
  /** the activity's start (UTC); null when the date cannot be read */
  startDate: Date | null;
  /** the file's path inside the archive, as the CSV gives it */
  fileName: string;
}

/** The CSV's columns the importer reads (the file has about 80, some names twice: the first wins). */
const COLUMNS = {
  activityId: 'Activity ID',
  date: 'Activity Date',
  name: 'Activity Name',
  type: 'Activity Type',
  fileName: 'Filename',
} as const;

/**
 * RFC 4180 rows: quoted fields may hold commas, doubled quotes and line breaks (descriptions do).
 * A BOM before the header is dropped.
 */
export const parseCsv = (text: string): string[][] => {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  for (let i = 0; i < source.length; i += 1) {
    const char = source[i]!;
    if (quoted) {
      if (char === '"' && source[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && source[i + 1] === '\n') i += 1;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += char;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows.filter((cells) => cells.some((cell) => cell.trim() !== ''));
};

/** "Virtual Ride" -> "VirtualRide", "E-Bike Ride" -> "EBikeRide" (Strava's API sport types). */
export const sportTypeOfCsv = (type: string): string | null => type.replace(/[\s-]+/g, '') || null;

/** Strava writes dates as "Mar 14, 2021, 6:55:02 PM", in UTC. */
const dateOfCsv = (value: string): Date | null => {
  if (!value.trim()) return null;
  const date = new Date(`${value.trim()} UTC`);
  return Number.isNaN(date.getTime()) ? null : date;
};

/** The path a CSV row or an archive entry names, compared without folders' case or a leading "./". */
export const archivePathKey = (path: string): string =>
  path
    .replace(/\\/g, '/')
    .replace(/^\.?\//, '')
    .toLowerCase();

/** Every activity of `activities.csv` that names a file, keyed by that file's path (archivePathKey). */
export const readActivitiesCsv = (text: string): Map<string, ArchiveActivity> => {
  const [header, ...rows] = parseCsv(text);
  const byPath = new Map<string, ArchiveActivity>();
  if (!header) return byPath;
  const index = (name: string) => header.findIndex((cell) => cell.trim() === name);
  const at = Object.fromEntries(Object.entries(COLUMNS).map(([key, name]) => [key, index(name)])) as Record<
    keyof typeof COLUMNS,
    number
  >;
  if (at.fileName < 0) return byPath;
  for (const cells of rows) {
    const cell = (column: number) => (column >= 0 ? (cells[column] ?? '').trim() : '');
    const fileName = cell(at.fileName);
    if (!fileName) continue;
    byPath.set(archivePathKey(fileName), {
      activityId: cell(at.activityId),
      name: cell(at.name) || null,
      sportType: sportTypeOfCsv(cell(at.type)),
      startDate: dateOfCsv(cell(at.date)),
      fileName,
    });
  }
  return byPath;
};

/** The CSV's entry for an archive entry: its path, or the same path under the archive's top folder. */
export const csvActivityFor = (
  activities: Map<string, ArchiveActivity>,
  entryPath: string,
): ArchiveActivity | null => {
  const key = archivePathKey(entryPath);
  const direct = activities.get(key);
  if (direct) return direct;
  const slash = key.indexOf('/');
  return slash > 0 ? (activities.get(key.slice(slash + 1)) ?? null) : null;
};

export const isCyclingCsvActivity = (activity: ArchiveActivity): boolean =>
  activity.sportType === null || isCyclingSportType(activity.sportType);
