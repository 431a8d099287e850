import "./staff.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { createBrowserRouter } from "react-router";
import { RouterProvider } from "react-router/dom";
import { reloadOnMissingChunks } from "~/staff/shell/missing-chunks";
import { staffRoutes } from "./routes";

const router = createBrowserRouter(staffRoutes);
reloadOnMissingChunks(window, () => {
  const to = router.state.navigation.location;
  return to && `${to.pathname}${to.search}${to.hash}`;
});

const root = document.getElementById("staff-root");
if (!root) throw new Error("The staff page has no #staff-root.");
createRoot(root).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
