import { ROLES } from "../../staff/roles.ts";
import { createStaffAccounts, type StaffAccounts, StaffError } from "../staff/auth/accounts.ts";
import { type AuthContext, type CliIo, command, stringOption, UsageError } from "./command.ts";

const SEND_LINK = "Send this one-time set-up link to them (valid 24 hours):";

/** Runs an account change; a mistake the operator can fix (unknown person, bad role) is one line and exit 1. */
async function withAccounts(context: AuthContext, change: (accounts: StaffAccounts) => Promise<void>) {
  const accounts = createStaffAccounts({
    store: context.store,
    auth: context.auth,
    siteUrl: context.config.site.url,
  });
  try {
    await change(accounts);
    return 0;
  } catch (error) {
    if (!(error instanceof StaffError)) throw error;
    context.io.err(error.message);
    return 1;
  }
}

/** A command about one person, named by their e-mail address. */
const personCommand = (definition: {
  name: string;
  summary: string;
  change: (accounts: StaffAccounts, email: string, io: CliIo) => Promise<void>;
}) =>
  command({
    name: definition.name,
    summary: definition.summary,
    synopsis: "<email>",
    args: ["email"],
    needs: "auth",
    read: (_, [email = ""]) => email,
    run: (email, context) =>
      withAccounts(context, (accounts) => definition.change(accounts, email, context.io)),
  });

/** The staff accounts: the operator adds people, changes roles, disables and resets them (decision 015). */
export const staffCommands = [
  command({
    name: "staff add",
    summary: "a staff account; prints its one-time set-up link (24 h) last",
    synopsis: "--email <address> --role <role> [--name N]",
    options: {
      email: { type: "string", value: "ADDRESS", description: "the person's e-mail address" },
      role: { type: "string", value: "ROLE", description: `one of ${ROLES.join(", ")}` },
      name: {
        type: "string",
        value: "N",
        description: "how the inbox names them (default: the address's name)",
      },
    },
    needs: "auth",
    read(values) {
      const email = stringOption(values, "email");
      const role = stringOption(values, "role");
      if (!email || !role)
        throw new UsageError(`staff add needs --email <address> and --role ${ROLES.join("|")}`);
      return { email, role, name: stringOption(values, "name") };
    },
    run: (input, context) =>
      withAccounts(context, async (accounts) => {
        const added = await accounts.add(input);
        context.io.out(`Added ${input.email.trim().toLowerCase()} (${input.role}), id ${added.id}.`);
        context.io.out(SEND_LINK);
        context.io.out(added.link);
      }),
  }),

  command({
    name: "staff list",
    summary: "staff accounts with role and state",
    synopsis: "",
    needs: "auth",
    read: () => undefined,
    run: (_, context) =>
      withAccounts(context, async (accounts) => {
        const people = await accounts.list();
        for (const person of people) {
          const state = person.disabled ? "disabled" : person.enrolled ? "active" : "set-up pending";
          context.io.out([person.email.padEnd(32), person.role.padEnd(11), state, person.id].join("  "));
        }
        context.io.out(`${people.length} staff account(s)`);
      }),
  }),

  command({
    name: "staff role",
    summary: "change a person's role",
    synopsis: "<email> <role>",
    args: ["email", "role"],
    notes: [`Roles: ${ROLES.join(", ")}.`],
    needs: "auth",
    read: (_, [email = "", role = ""]) => ({ email, role }),
    run: ({ email, role }, context) =>
      withAccounts(context, async (accounts) => {
        await accounts.setRole(email, role);
        context.io.out(`${email} is now ${role}.`);
      }),
  }),

  personCommand({
    name: "staff disable",
    summary: "end a person's sessions and access",
    async change(accounts, email, io) {
      await accounts.disable(email);
      io.out(`${email} is disabled; their sessions have ended.`);
    },
  }),

  personCommand({
    name: "staff reset",
    summary: "a new set-up link; ends the person's sessions, password and authenticator",
    async change(accounts, email, io) {
      const link = await accounts.reset(email);
      io.out(`${email}'s sessions, password and authenticator have been revoked.`);
      io.out(SEND_LINK);
      io.out(link);
    },
  }),
];
