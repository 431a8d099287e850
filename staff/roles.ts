/** The staff roles; what each may do is in permissions.ts, enforced by the server, followed by the pages. */
export const ROLES = ["admin", "recruiting", "sales"] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  admin: "Admin",
  recruiting: "Recruiting",
  sales: "Sales",
};

export const isRole = (value: unknown): value is Role => (ROLES as readonly unknown[]).includes(value);
