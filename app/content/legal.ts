import { ROUTES } from "../../config/route-paths.ts";
import { site } from "./site";

/** A legal section: paragraphs, then an optional list. Each becomes an h2 with an anchor for the contents. */
export interface LegalSection {
  id: string;
  title: string;
  paragraphs: string[];
  list?: string[];
}

export interface LegalDocument {
  title: string;
  description: string;
  path: string;
  effective?: string;
  summary: string;
  sections: LegalSection[];
}

const company = site.company.name;
const email = site.email.contact;

export const privacyPolicy: LegalDocument = {
  title: "Privacy Policy",
  description: `How ${company} collects, uses and protects personal information on this website and in our services.`,
  path: ROUTES.privacy,
  summary: `This policy explains what information ${company} ("we", "us") collects through this website and our ChartAssist, CareStaff and CareWorks services, how we use it, and the choices you have.`,
  sections: [
    {
      id: "information-we-collect",
      title: "Information We Collect",
      paragraphs: [
        "We collect information you give us and a limited amount of information collected automatically.",
      ],
      list: [
        "Contact details you submit in our forms, such as your name, e-mail address, phone number and organisation.",
        "Details about your facility or staffing needs, such as facility name, number of beds or the roles you need.",
        "Job application information, such as your credential, years of experience, message and any résumé you attach.",
        "Technical information your browser sends when you visit, such as IP address, browser type and pages viewed.",
        "With each form you submit, where your visit came from: the page the form was on, the page your visit started on, the referring website's address without its path, and any campaign tags (utm_source, utm_medium, utm_campaign, utm_term, utm_content) in the link you followed. Your browser keeps these only for the visit, in this tab, and sends them with the form; we use no cookies for this.",
      ],
    },
    {
      id: "how-we-use-information",
      title: "How We Use Information",
      paragraphs: [
        "We use personal information only for the purposes for which it was provided, including to:",
      ],
      list: [
        "respond to demo, staffing and information requests;",
        "review job applications and contact applicants about opportunities;",
        "provide, operate and improve our services and this website;",
        "send service messages and, where you have agreed, text messages (see Text Messages below);",
        "meet our legal, regulatory and security obligations.",
      ],
    },
    {
      id: "health-information",
      title: "Protected Health Information",
      paragraphs: [
        "When we handle protected health information on behalf of a healthcare facility, we do so as a business associate under a written agreement and in line with HIPAA. This website's forms are not intended for patient health information; please do not submit it through them.",
      ],
    },
    {
      id: "sharing",
      title: "How We Share Information",
      paragraphs: [
        "We do not sell personal information. We share it only with service providers who help us run our business (such as hosting, e-mail and form-processing providers) under confidentiality obligations, with clients where you have applied for a placement with them, or when the law requires it.",
      ],
    },
    {
      id: "text-messages",
      title: "Text Messages",
      paragraphs: [
        "If you give us your mobile number and agree to receive text messages, we may text you about your request, application or assignments. Message and data rates may apply. You can opt out at any time by replying STOP; reply HELP for help. Mobile numbers and text-messaging consent are not shared with third parties for their marketing.",
      ],
    },
    {
      id: "cookies",
      title: "Cookies and Analytics",
      paragraphs: [
        "This website uses only the cookies and similar technologies needed for it to work and to understand, in aggregate, how it is used. You can control cookies through your browser settings.",
      ],
    },
    {
      id: "security",
      title: "Data Security and Retention",
      paragraphs: [
        "We use administrative, technical and physical safeguards to protect personal information. We keep information only as long as needed for the purposes above or as the law requires, then delete or anonymise it.",
      ],
    },
    {
      id: "your-choices",
      title: "Your Rights and Choices",
      paragraphs: [
        `You may ask to access, correct or delete your personal information, or to stop receiving marketing messages, by e-mailing ${email}. We will respond as required by applicable law.`,
      ],
    },
    {
      id: "children",
      title: "Children's Privacy",
      paragraphs: [
        "Our website and services are not directed to children under 13, and we do not knowingly collect personal information from children under 13. If you believe a child under 13 has given us personal information, contact us and we will delete it.",
      ],
    },
    {
      id: "changes",
      title: "Changes to This Policy",
      paragraphs: [
        "We may update this policy from time to time. The updated version will be posted on this page, and significant changes will be highlighted on the website.",
      ],
    },
    {
      id: "contact",
      title: "Contact Us",
      paragraphs: [
        `Questions about this policy or your information can be sent to ${email} or to ${company}, ${site.company.address}.`,
      ],
    },
  ],
};

export const termsOfService: LegalDocument = {
  title: "Terms of Service",
  description: `The terms that apply to using the ${company} website, its forms and its text-messaging program.`,
  path: ROUTES.terms,
  effective: "Effective February 1, 2022",
  summary: `These Terms of Service ("Terms") govern your use of the website and online forms of ${company} ("we", "us"). By using the website you agree to these Terms.`,
  sections: [
    {
      id: "eligibility",
      title: "Eligibility",
      paragraphs: [
        "You must be at least 18 years old to use this website, submit a form or enrol in our text-messaging program. By using the website you confirm that you are 18 or older.",
      ],
    },
    {
      id: "services",
      title: "Our Services",
      paragraphs: [
        "The website describes ChartAssist, CareStaff and CareWorks and lets you request demos, staffing or information and apply for nursing positions. Submitting a form does not create a contract for services or an offer of employment; any services or placements are governed by separate written agreements.",
      ],
    },
    {
      id: "your-information",
      title: "Information You Provide",
      paragraphs: [
        "You agree that the information you submit is accurate and that you have the right to share it. Our Privacy Policy explains how we handle it.",
      ],
    },
    {
      id: "sms",
      title: "SMS Program",
      paragraphs: [
        "By providing your mobile number and agreeing to receive text messages, you consent to receive recurring messages about your requests, applications and assignments. Consent is not a condition of any purchase or employment. Message frequency varies. Message and data rates may apply.",
      ],
      list: [
        "To stop receiving messages, reply STOP. You will receive one message confirming that you have been unsubscribed.",
        "For help, reply HELP, or contact us using the details below.",
        "To resubscribe after opting out, reply START.",
        "Carriers are not liable for delayed or undelivered messages.",
      ],
    },
    {
      id: "acceptable-use",
      title: "Acceptable Use",
      paragraphs: ["When using the website you agree not to:"],
      list: [
        "submit false, misleading or someone else's information;",
        "upload files that contain malware or that you have no right to share;",
        "interfere with the website's security or operation, or try to access it by automated means without permission;",
        "use the website for any unlawful purpose.",
      ],
    },
    {
      id: "intellectual-property",
      title: "Intellectual Property",
      paragraphs: [
        `The website's content, names, logos and designs belong to ${company} or its licensors. You may view and print pages for your own use, but not copy, modify or distribute them without our written permission.`,
      ],
    },
    {
      id: "disclaimers",
      title: "Disclaimers",
      paragraphs: [
        'The website and its content are provided "as is" for general information. They are not medical, legal or financial advice. We do not promise that the website will always be available or free of errors.',
      ],
    },
    {
      id: "liability",
      title: "Limitation of Liability",
      paragraphs: [
        `To the fullest extent the law allows, ${company} is not liable for indirect, incidental or consequential damages arising from your use of the website.`,
      ],
    },
    {
      id: "governing-law",
      title: "Governing Law",
      paragraphs: [
        "These Terms are governed by the laws of the State of New York, without regard to its conflict-of-law rules. Any dispute will be resolved in the state or federal courts located in New York.",
      ],
    },
    {
      id: "changes",
      title: "Changes to These Terms",
      paragraphs: [
        "We may update these Terms from time to time. The updated Terms will be posted on this page; continuing to use the website after that means you accept them.",
      ],
    },
    {
      id: "contact",
      title: "Contact Us",
      paragraphs: [
        `Questions about these Terms can be sent to ${email} or to ${company}, ${site.company.address}.`,
      ],
    },
  ],
};
