/** The staff inbox's workflow statuses (issue 13), shared by the server that enforces them and the pages. */
export const REQUEST_STATUSES = ["New", "Contacted", "Qualified", "Won", "Lost"] as const;
export const APPLICATION_STATUSES = [
  "New",
  "Screening",
  "Interview",
  "Offer",
  "Hired",
  "Not selected",
] as const;
