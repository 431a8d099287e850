import { index, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("about", "routes/about.tsx"),
  route("team", "routes/team.tsx"),
  route("chart-assist", "routes/chart-assist.tsx"),
  route("chart-assist-info", "routes/chart-assist-info.tsx"),
  route("carestaff", "routes/carestaff.tsx"),
  route("carestaff/careers", "routes/careers.tsx"),
  route("carestaff/pass-through-payroll", "routes/pass-through-payroll.tsx"),
  route("health-admin", "routes/health-admin.tsx"),
  route("privacy-policy", "routes/privacy-policy.tsx"),
  route("terms-of-service", "routes/terms-of-service.tsx"),
  route("login", "routes/login.tsx"),
  // Staff pages (decision 016): client-rendered from the SPA fallback, never pre-rendered.
  route("staff/sign-in", "routes/staff/sign-in.tsx"),
  route("staff/setup", "routes/staff/setup.tsx"),
  route("staff", "routes/staff/layout.tsx", [
    index("routes/staff/inbox.tsx"),
    route("leads/:id", "routes/staff/lead.tsx"),
    route("audit", "routes/staff/audit.tsx"),
    route("erase", "routes/staff/erase.tsx"),
  ]),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
