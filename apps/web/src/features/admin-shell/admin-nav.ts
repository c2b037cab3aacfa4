/** An entry of the admin navigation contributed by a feature (same shape as app/admin-area AdminNavItem). */
export interface AdminNavEntry {
  to: string;
  ns: string;
  labelKey: string;
}
