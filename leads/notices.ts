/**
 * The notices a lead form shows a person: the ones every form gives when the browser refuses a submit, and
 * the outcomes several forms word alike (catalog.ts gives each form its success and failure).
 */

export interface Notice {
  title: string;
  description: string;
}

export const MISSING_INFORMATION: Notice = {
  title: "Missing Information",
  description: "Please fill out all required fields.",
};

export const CONSENT_REQUIRED: Notice = {
  title: "Consent Required",
  description: "Please provide consent to submit your application.",
};

/** A value is there but wrong (an e-mail without @, a date in the past): the fields say which. */
export const INVALID_INFORMATION: Notice = {
  title: "Check Your Details",
  description: "Please correct the highlighted fields and try again.",
};

export const DEMO_SUCCESS: Notice = {
  title: "Demo Request Submitted",
  description: "Thank you for your interest. We'll contact you soon to schedule your demo.",
};

export const DEMO_FAILURE: Notice = {
  title: "Submission Failed",
  description: "There was an error submitting your demo request. Please try again.",
};

export const REQUEST_FAILURE: Notice = {
  title: "Submission Failed",
  description: "There was an error submitting your request. Please try again.",
};
