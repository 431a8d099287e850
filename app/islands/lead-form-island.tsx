import { LeadForm } from "~/components/forms/lead-form";
import { reactIsland } from "./react-island";

/**
 * A lead form: validation, the multipart post and its notices. It starts as the visitor comes near it (it posts
 * natively until then, and without JavaScript), so a page whose form is far below loads no React up front.
 */
export const { Island: LeadFormIsland, island } = reactIsland("lead-form", LeadForm, { near: true });
