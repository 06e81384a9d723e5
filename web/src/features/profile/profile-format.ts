/** "Name" row of the Profile Information card: the full name, or "Not set". */
export function profileName(firstName: string | null, lastName: string | null): string {
  const name = [firstName, lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  return name || 'Not set';
}

/** A long date in the rider's locale conventions of the spec's English UI, e.g. "January 5, 2025". */
export function longDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
}
