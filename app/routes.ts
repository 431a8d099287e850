import { index, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("about", "routes/about.tsx"),
  route("team", "routes/team.tsx"),
  route("chart-assist", "routes/chart-assist.tsx"),
  route("chart-assist-info", "routes/chart-assist-info.tsx"),
  route("carestaff", "routes/carestaff.tsx"),
  route("carestaff/careers", "routes/careers.tsx"),
  // Each opening's page: pre-rendered once as a shell the server fills (decision 028).
  route("carestaff/careers/jobs/*", "routes/opening-shell.tsx"),
  route("carestaff/pass-through-payroll", "routes/pass-through-payroll.tsx"),
  route("health-admin", "routes/health-admin.tsx"),
  route("privacy-policy", "routes/privacy-policy.tsx"),
  route("terms-of-service", "routes/terms-of-service.tsx"),
  route("login", "routes/login.tsx"),
  // The staff pages are an app of their own (app/staff, decision 020).
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
