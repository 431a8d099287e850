import { type ClassValue, clsx } from "clsx";

/**
 * Joins class names. It does not resolve conflicts (`px-4` against `px-6`): components offer complete looks
 * through variants instead of overriding each other's classes, which keeps tailwind-merge's class map (its
 * weight and one of hydration's long tasks: decisions 004 and 008) out of every page.
 * tests/e2e/classes.spec.ts checks with tailwind-merge that no page renders two classes for one property.
 */
export function cn(...inputs: ClassValue[]) {
  return clsx(inputs);
}
