/**
 * What the company must hold from a nurse before she works a shift: the default checklist items per credential,
 * as content. Admins start from these; a lead's checklist is copied from them when documents are first requested,
 * so a later change to the defaults never changes a checklist already sent.
 */

export const CREDENTIALS = ["RN", "LPN", "CNA", "NP"] as const;
export type Credential = (typeof CREDENTIALS)[number];

export const CREDENTIAL_NAMES: Record<Credential, string> = {
  RN: "Registered Nurse (RN)",
  LPN: "Licensed Practical Nurse (LPN)",
  CNA: "Certified Nursing Assistant (CNA)",
  NP: "Nurse Practitioner (NP)",
};

/** One value the nurse types in for an item; every field of an item is required. */
export type ItemField =
  | { name: string; label: string; kind: "text" | "date" | "us-state" | "yes-no" | "phone-or-email" }
  | { name: string; label: string; kind: "choice"; options: readonly { value: string; label: string }[] };

/** How long what an item proves stays valid, read from its fields (credential-status.ts, validThrough). */
export type ItemValidity =
  | { kind: "no-expiry" }
  /** The date in `field` is the last day it is valid (a license's or a card's expiry date). */
  | { kind: "until"; field: string }
  /** Valid for `months` from the date in `from`, the length chosen by the value of `choice` (a TB test or an X-ray). */
  | { kind: "for-months"; from: string; months: number | { choice: string; by: Record<string, number> } };

export interface ChecklistItem {
  /** Stable within a checklist: names the item in rows and forms. */
  key: string;
  /** As the nurse and the recruiters read it, and the upload's label: "BLS or CPR card". */
  name: string;
  /** "required": a file (PDF, JPEG, PNG or HEIC) comes with it; "none": its fields are the whole of it. */
  document: "required" | "none";
  fields: readonly ItemField[];
  validity: ItemValidity;
}

const expiry = { name: "expiresOn", label: "Expiry date", kind: "date" } as const;
const issuingState = { name: "state", label: "Issuing state", kind: "us-state" } as const;
const number = (label: string) => ({ name: "number", label, kind: "text" }) as const;

/** RNs and LPNs may hold a multistate license under the Nurse Licensure Compact. */
const nurseLicense = (key: string, name: string): ChecklistItem => ({
  key,
  name,
  document: "required",
  fields: [
    number("License number"),
    issuingState,
    expiry,
    { name: "multistate", label: "Multistate (compact) license", kind: "yes-no" },
  ],
  validity: { kind: "until", field: "expiresOn" },
});

const LIFE_SUPPORT: ChecklistItem = {
  key: "bls",
  name: "BLS or CPR card",
  document: "required",
  fields: [expiry],
  validity: { kind: "until", field: "expiresOn" },
};

const TB_SCREENING: ChecklistItem = {
  key: "tb",
  name: "TB test or chest X-ray",
  document: "required",
  fields: [
    {
      name: "kind",
      label: "Screening",
      kind: "choice",
      options: [
        { value: "tb-test", label: "TB test (skin or blood)" },
        { value: "chest-x-ray", label: "Chest X-ray" },
      ],
    },
    { name: "takenOn", label: "Date of the test or X-ray", kind: "date" },
  ],
  // A TB test counts for 12 months, a clear chest X-ray for 5 years.
  validity: {
    kind: "for-months",
    from: "takenOn",
    months: { choice: "kind", by: { "tb-test": 12, "chest-x-ray": 60 } },
  },
};

const PHOTO_ID: ChecklistItem = {
  key: "photo-id",
  name: "Photo ID",
  document: "required",
  fields: [],
  validity: { kind: "no-expiry" },
};

const IMMUNIZATIONS: readonly ChecklistItem[] = [
  { key: "mmr", name: "MMR immunization", document: "required", fields: [], validity: { kind: "no-expiry" } },
  {
    key: "varicella",
    name: "Varicella immunization",
    document: "required",
    fields: [],
    validity: { kind: "no-expiry" },
  },
  {
    key: "hepatitis-b",
    name: "Hepatitis B immunization or signed declination",
    document: "required",
    fields: [
      {
        name: "kind",
        label: "Document",
        kind: "choice",
        options: [
          { value: "immunization", label: "Immunization record" },
          { value: "declination", label: "Signed declination" },
        ],
      },
    ],
    validity: { kind: "no-expiry" },
  },
  {
    key: "flu",
    name: "Seasonal flu vaccine",
    document: "required",
    fields: [{ name: "takenOn", label: "Date of the vaccine", kind: "date" }],
    validity: { kind: "for-months", from: "takenOn", months: 12 },
  },
];

/** Two professional references: data, no file. */
const reference = (ordinal: 1 | 2): ChecklistItem => ({
  key: `reference-${ordinal}`,
  name: ordinal === 1 ? "First professional reference" : "Second professional reference",
  document: "none",
  fields: [
    { name: "name", label: "Name", kind: "text" },
    { name: "relationship", label: "Relationship", kind: "text" },
    { name: "contact", label: "Phone or e-mail", kind: "phone-or-email" },
  ],
  validity: { kind: "no-expiry" },
});

/** What every credential needs after its license. */
const COMMON: readonly ChecklistItem[] = [
  LIFE_SUPPORT,
  TB_SCREENING,
  PHOTO_ID,
  ...IMMUNIZATIONS,
  reference(1),
  reference(2),
];

export const DEFAULT_CHECKLISTS: Record<Credential, readonly ChecklistItem[]> = {
  RN: [nurseLicense("license", "RN license"), ...COMMON],
  LPN: [nurseLicense("license", "LPN license"), ...COMMON],
  CNA: [
    {
      key: "license",
      name: "CNA certification",
      document: "required",
      fields: [number("Certification number"), issuingState, expiry],
      validity: { kind: "until", field: "expiresOn" },
    },
    ...COMMON,
  ],
  // An NP practises under an RN license and an advanced practice (APRN) license, which the compact does not cover.
  NP: [
    nurseLicense("license", "RN license"),
    {
      key: "aprn-license",
      name: "APRN license",
      document: "required",
      fields: [number("License number"), issuingState, expiry],
      validity: { kind: "until", field: "expiresOn" },
    },
    ...COMMON,
  ],
};
