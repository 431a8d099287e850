import "./staff.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { createBrowserRouter } from "react-router";
import { RouterProvider } from "react-router/dom";
import { staffRoutes } from "./routes";

const root = document.getElementById("staff-root");
if (!root) throw new Error("The staff page has no #staff-root.");
createRoot(root).render(
  <StrictMode>
    <RouterProvider router={createBrowserRouter(staffRoutes)} />
  </StrictMode>,
);
