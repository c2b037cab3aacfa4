/** Teams as plain text (for a chat) and as CSV (for a sheet; see shared/lib/csv.ts). */
import type { LabPerson } from '@moim/contract';
import { csvDocument } from '../../../shared/lib/csv';

export function teamsAsText(teams: readonly (readonly string[])[], name: (i: number) => string, count: (n: number) => string): string {
  return teams.map((team, i) => `${name(i)} (${count(team.length)}): ${team.join(', ')}`).join('\n');
}

export function teamsAsCsv(
  teams: readonly (readonly string[])[],
  name: (i: number) => string,
  people: readonly LabPerson[],
  headers: { team: string; name: string },
): string {
  const byName = new Map(people.map((p) => [p.name, p]));
  const columns = [...new Set(people.flatMap((p) => Object.keys(p.tags)))];
  const rows = [[headers.team, headers.name, ...columns]];
  teams.forEach((team, i) => team.forEach((n) => rows.push([name(i), n, ...columns.map((c) => byName.get(n)?.tags[c] ?? '')])));
  return csvDocument(rows);
}
