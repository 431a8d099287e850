/** The lead's page in the staff inbox, as every message to staff links it (a lead's mail, notices). */
export const staffLinkFor = (siteUrl: string, leadId: string) =>
  `${siteUrl}/staff/leads/${encodeURIComponent(leadId)}`;
