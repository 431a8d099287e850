import { QRCodeSVG } from "qrcode.react";

/** Groups the base32 key in fours so it can be read aloud and typed. */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, "$1 ");

/** The new authenticator's key: a QR code drawn here (no request leaves for a QR service), and the key itself. */
export function AuthenticatorKey({ totpUri, secret }: { totpUri: string; secret: string }) {
  return (
    <figure className="flex flex-col items-center gap-4">
      <QRCodeSVG
        value={totpUri}
        size={200}
        marginSize={2}
        title="QR code for your authenticator app"
        role="img"
        className="rounded-lg border border-line"
      />
      <figcaption className="w-full rounded-lg bg-surface p-3 text-center">
        <span className="block text-sm font-semibold text-ink">Can't scan? Enter this key</span>
        <code
          data-testid="totp-key"
          className="mt-1 block font-mono text-base tracking-wider break-all text-ink"
        >
          {grouped(secret)}
        </code>
      </figcaption>
    </figure>
  );
}
